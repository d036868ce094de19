import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reviewCopy } from '@shop/shared/review-copy';
import { mockApi, type RouteMocks } from '@/test/fetch-mock';
import { aManagedReview } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { admin, customer, signedInAs } from '@/test/signed-in';

const visible = aManagedReview({ _id: 'r1', name: 'Rude Ron', review: 'Awful words.' });
const hidden = aManagedReview({
  _id: 'r2',
  name: 'Spam Sam',
  review: 'Buy cheap brushes elsewhere!',
  hidden: true,
  hiddenReason: 'Advertising',
  hiddenAt: '2026-01-03T00:00:00.000Z',
});

async function openPage(routes: RouteMocks = {}) {
  const user = userEvent.setup();
  const api = mockApi({
    ...signedInAs(admin),
    'GET /moderation/reviews': [
      { query: { state: 'all', limit: '50' }, body: { reviews: [visible, hidden], nextCursor: null } },
      { query: { state: 'hidden', limit: '50' }, body: { reviews: [hidden], nextCursor: null } },
    ],
    ...routes,
  });
  renderApp('/dashboard/reviews');
  const list = await screen.findByRole('list', { name: 'Reviews' });
  return { user, api, list };
}

describe('review moderation (admin)', () => {
  it('lists every review, the hidden one with its reason and Restore, the others with Hide', async () => {
    const { list } = await openPage();
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('button', { name: 'Hide the review by Rude Ron' })).toBeInTheDocument();
    expect(within(second!).getByText(reviewCopy.hiddenNotice('Advertising'))).toBeInTheDocument();
    expect(
      within(second!).getByRole('button', { name: 'Restore the review by Spam Sam' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reviews' })).toHaveAttribute('href', '/dashboard/reviews');
  });

  it('hiding asks for a reason and sends it', async () => {
    const { user, api } = await openPage({
      'PATCH /moderation/reviews/:id': {
        params: { id: 'r1' },
        body: { ...visible, hidden: true, hiddenReason: 'Abusive language' },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Hide the review by Rude Ron' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide the review by Rude Ron?' });
    await user.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(reviewCopy.reasonRequired);
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);

    await user.type(within(dialog).getByLabelText(/^Reason/), 'Abusive language');
    await user.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    expect(await screen.findByText(reviewCopy.hidden)).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      hidden: true,
      reason: 'Abusive language',
    });
  });

  it('restores a hidden review, and filters to the hidden ones', async () => {
    const { user, api } = await openPage({
      'PATCH /moderation/reviews/:id': {
        params: { id: 'r2' },
        body: { ...hidden, hidden: false, hiddenReason: null },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Restore the review by Spam Sam' }));
    expect(await screen.findByText(reviewCopy.restored)).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ hidden: false });

    await user.click(screen.getByRole('button', { name: 'Hidden' }));
    await waitFor(() => expect(screen.queryByText('Awful words.')).toBeNull());
    expect(screen.getByText('Buy cheap brushes elsewhere!')).toBeInTheDocument();
  });

  it('is for admins only: a customer is sent away', async () => {
    mockApi({ ...signedInAs(customer) });
    renderApp('/dashboard/reviews');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Reviews' })).toBeNull());
    await waitFor(() => expect(window.location.pathname).not.toBe('/dashboard/reviews'));
  });
});
