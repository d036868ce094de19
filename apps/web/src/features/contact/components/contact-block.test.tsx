import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contactCopy } from '@shop/shared/contact-copy';
import { copy } from '@shop/shared/copy';
import { mockApi } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

const fill = async (block: HTMLElement, values: Record<string, string>) => {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(values)) {
    await user.type(within(block).getByLabelText(label), value);
  }
  await user.click(within(block).getByRole('button', { name: 'Send Message' }));
};

describe('Stay connected on the Contact page', () => {
  it('sends every field, says thank you in a toast and clears the form', async () => {
    const { calls } = mockApi({ 'POST /contact': { status: 201, body: { success: true } } });
    renderApp('/contact');
    const block = await screen.findByRole('region', { name: 'Stay connected' });
    await fill(block, {
      'First name': 'Mara',
      'Last name': 'Quill',
      'Email address': 'mara@painters.test',
      'Phone number': '0114 496 0000',
      Message: 'Boxes of fifty?',
    });
    expect(await screen.findByText(contactCopy.sent)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      firstName: 'Mara',
      lastName: 'Quill',
      email: 'mara@painters.test',
      phone: '0114 496 0000',
      message: 'Boxes of fifty?',
    });
    await waitFor(() => expect(within(block).getByLabelText('First name')).toHaveValue(''));
    expect(within(block).getByLabelText('Message')).toHaveValue('');
  });

  it("shows the server's message under each refused field and keeps what was typed", async () => {
    mockApi({
      'POST /contact': {
        status: 400,
        body: {
          code: 'invalid-input',
          message: copy.emailInvalid,
          issues: [
            { field: 'email', message: copy.emailInvalid },
            { field: 'message', message: contactCopy.messageRequired },
          ],
        },
      },
    });
    renderApp('/contact');
    const block = await screen.findByRole('region', { name: 'Stay connected' });
    await fill(block, { 'First name': 'Mara', 'Email address': 'mara@' });
    const email = within(block).getByLabelText('Email address');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription(copy.emailInvalid);
    expect(within(block).getByLabelText('Message')).toHaveAccessibleDescription(contactCopy.messageRequired);
    expect(within(block).getByLabelText('First name')).toHaveValue('Mara');
    expect(screen.queryByText(contactCopy.sent)).not.toBeInTheDocument();
  });

  it('says when to try again after too many messages', async () => {
    mockApi({
      'POST /contact': {
        status: 429,
        body: { code: 'rate-limited', message: 'Too many attempts. Try again in 60 seconds.' },
      },
    });
    renderApp('/contact');
    const block = await screen.findByRole('region', { name: 'Stay connected' });
    await fill(block, { 'First name': 'Mara', 'Email address': 'mara@painters.test', Message: 'Hi' });
    expect(await screen.findByText('Too many attempts. Try again in 60 seconds.')).toBeInTheDocument();
  });

  it('hides the honeypot from people: not in the tab order, not in the accessibility tree', async () => {
    mockApi({});
    renderApp('/contact');
    const block = await screen.findByRole('region', { name: 'Stay connected' });
    expect(within(block).queryByRole('textbox', { name: /leave this field empty/i })).not.toBeInTheDocument();
    const honeypot = block.querySelector('input[name="website"]');
    expect(honeypot).toHaveAttribute('tabindex', '-1');
  });
});
