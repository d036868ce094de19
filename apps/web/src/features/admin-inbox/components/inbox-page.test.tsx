import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contactCopy } from '@shop/shared/contact-copy';
import type { ContactMessage } from '@shop/shared/contracts/contact';
import { mockApi } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { admin, signedInAs } from '@/test/signed-in';

const aMessage = (n: number, overrides: Partial<ContactMessage> = {}): ContactMessage => ({
  _id: `00000000-0000-4000-8000-00000000000${n}`,
  firstName: `Sender${n}`,
  lastName: 'Quill',
  email: `sender${n}@painters.test`,
  phone: '',
  message: `Message number ${n}`,
  state: 'unread',
  createdAt: `2026-11-2${n}T10:00:00.000Z`,
  ...overrides,
});

describe('Inbox (admin)', () => {
  it("is in the admin's dashboard menu", async () => {
    mockApi({
      ...signedInAs(admin),
      'GET /contact-messages': {
        query: { state: 'inbox' },
        body: { messages: [], nextCursor: null, unreadCount: 0 },
      },
    });
    renderApp('/dashboard/inbox');
    const menu = await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(await within(menu).findByRole('link', { name: 'Inbox' })).toHaveAttribute(
      'href',
      '/dashboard/inbox',
    );
    expect(await screen.findByText(contactCopy.inboxEmpty)).toBeInTheDocument();
  });

  it('lists newest first, loads more with the cursor, and filters by state', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      ...signedInAs(admin),
      'GET /contact-messages': [
        {
          query: { state: 'inbox' },
          body: {
            messages: [aMessage(3), aMessage(2, { state: 'read' })],
            nextCursor: 'next1',
            unreadCount: 2,
          },
        },
        {
          query: { state: 'inbox', cursor: 'next1' },
          body: { messages: [aMessage(1)], nextCursor: null, unreadCount: 2 },
        },
        {
          query: { state: 'archived' },
          body: { messages: [aMessage(4, { state: 'archived' })], nextCursor: null, unreadCount: 2 },
        },
      ],
    });
    renderApp('/dashboard/inbox');
    const list = await screen.findByRole('list', { name: 'Messages' });
    expect(screen.getByText('2 unread messages')).toBeInTheDocument();
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([expect.stringContaining('Sender3'), expect.stringContaining('Sender2')]);
    expect(within(list).getAllByText('Unread')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await within(list).findByText(/Sender1/);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Archived' }));
    expect(await screen.findByText(/Sender4/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Archived' })).toHaveAttribute('aria-pressed', 'true');
    expect(calls.map((call) => call.url)).toContain('/api/contact-messages?state=archived');
  });

  it('opening an unread message marks it read; Reply is a mailto: with a subject; Archive archives', async () => {
    const user = userEvent.setup();
    let message = aMessage(1, { phone: '0114 496 0000', message: 'First line\nSecond line' });
    const { calls } = mockApi({
      ...signedInAs(admin),
      'GET /contact-messages': {
        query: { state: 'inbox' },
        answer: () => ({
          body: { messages: [message], nextCursor: null, unreadCount: message.state === 'unread' ? 1 : 0 },
        }),
      },
      'GET /contact-messages/:id': { params: { id: message._id }, answer: () => ({ body: message }) },
      'PATCH /contact-messages/:id': {
        params: { id: message._id },
        answer: ({ body }) => {
          message = { ...message, state: body.state };
          return { body: message };
        },
      },
    });
    renderApp('/dashboard/inbox');
    await user.click(await screen.findByRole('button', { name: /Sender1/ }));
    const detail = await screen.findByRole('article', { name: 'Sender1 Quill' });
    await waitFor(() => expect(within(detail).getByText('Read')).toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { state: 'read' },
    ]);
    expect(await screen.findByText('0 unread messages')).toBeInTheDocument();
    expect(within(detail).getByText('0114 496 0000')).toBeInTheDocument();

    expect(within(detail).getByRole('link', { name: 'Reply' })).toHaveAttribute(
      'href',
      'mailto:sender1@painters.test?subject=Re%3A%20your%20message%20to%20Brushworks',
    );

    await user.click(within(detail).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText(contactCopy.archived)).toBeInTheDocument();
    expect(within(detail).getByRole('button', { name: 'Unarchive' })).toBeInTheDocument();
    await user.click(within(detail).getByRole('button', { name: 'Unarchive' }));
    expect(await screen.findByText(contactCopy.unarchived)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { state: 'read' },
      { state: 'archived' },
      { state: 'read' },
    ]);
  });

  it('is not for customers', async () => {
    const { calls } = mockApi({ ...signedInAs({ ...admin, role: 'customer', email: 'cara@shop.test' }) });
    renderApp('/dashboard/inbox');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Inbox' })).not.toBeInTheDocument());
    expect(calls.some((call) => call.url.startsWith('/api/contact-messages'))).toBe(false);
  });
});
