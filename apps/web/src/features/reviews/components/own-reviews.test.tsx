import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reviewCopy } from '@shop/shared/review-copy';
import { mockApi, type RouteMocks } from '@/test/fetch-mock';
import { aManagedReview, anOrder } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { customer, signedInAs } from '@/test/signed-in';

async function openPage(routes: RouteMocks = {}) {
  const user = userEvent.setup();
  const api = mockApi({
    ...signedInAs(customer),
    'GET /my-order': {
      query: { email: customer.email },
      body: [
        anOrder({ _id: 'o1', toolsId: 't2', toolsName: 'Wide Roller', paid: true }),
        anOrder({ _id: 'o2', toolsId: 't1', toolsName: 'Flat Brush' }),
        anOrder({ _id: 'o3', toolsId: 't2', toolsName: 'Wide Roller' }),
      ],
    },
    'GET /my-reviews': {
      body: [
        aManagedReview({
          _id: 'r1',
          review: 'Lovely roller.',
          toolId: 't2',
          toolName: 'Wide Roller',
          verifiedBuyer: true,
        }),
        aManagedReview({
          _id: 'r2',
          review: 'ALL CAPS RANT',
          hidden: true,
          hiddenReason: 'Please keep it civil',
          hiddenAt: '2026-01-03T00:00:00.000Z',
        }),
      ],
    },
    'POST /review': { status: 201, body: { insertedId: 'r9' } },
    ...routes,
  });
  renderApp('/dashboard/my-reviews');
  const mine = await screen.findByRole('list', { name: 'My reviews' });
  return { user, api, mine };
}

describe('Add Reviews: the tool reviewed', () => {
  it('offers the shop in general and each tool the customer ordered, once, and posts the tool chosen', async () => {
    const { user, api } = await openPage();
    const choice = screen.getByLabelText('What are you reviewing?');
    await waitFor(() =>
      expect(
        within(choice)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual([reviewCopy.generalReview, 'Flat Brush', 'Wide Roller']),
    );
    await user.selectOptions(choice, 'Flat Brush');
    await user.click(screen.getByRole('button', { name: 'Increase rating' }));
    await user.type(screen.getByLabelText('Your review'), 'Holds its shape.');
    await user.click(screen.getByRole('button', { name: 'Post Review' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'POST')?.body).toMatchObject({
        toolId: 't1',
        rating: 1,
      }),
    );
    // Back to a general review for the next one.
    await waitFor(() => expect(choice).toHaveValue(''));
  });

  it('shows the 409 of a second review of the same tool', async () => {
    const message = reviewCopy.alreadyReviewed('Wide Roller');
    const { user } = await openPage({
      'POST /review': { status: 409, body: { code: 'conflict', message } },
    });
    const choice = screen.getByLabelText('What are you reviewing?');
    await waitFor(() => expect(within(choice).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(choice, 'Wide Roller');
    await user.click(screen.getByRole('button', { name: 'Increase rating' }));
    await user.type(screen.getByLabelText('Your review'), 'Again.');
    await user.click(screen.getByRole('button', { name: 'Post Review' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});

describe('My reviews', () => {
  it('lists the own reviews with the badge, and the reason of a hidden one', async () => {
    const { mine } = await openPage();
    const [first, second] = within(mine).getAllByRole('listitem');
    expect(within(first!).getByText('Wide Roller')).toBeInTheDocument();
    expect(within(first!).getByText(reviewCopy.verifiedBuyer)).toBeInTheDocument();
    expect(within(second!).getByText(reviewCopy.generalReview)).toBeInTheDocument();
    expect(within(second!).getByText('Hidden')).toBeInTheDocument();
    expect(within(second!).getByText(reviewCopy.hiddenNotice('Please keep it civil'))).toBeInTheDocument();
    expect(within(second!).queryByText(reviewCopy.verifiedBuyer)).toBeNull();
  });

  it('edits a review in a dialog: new stars and text are sent, and the list reloads', async () => {
    let reads = 0;
    const { user, api } = await openPage({
      'PATCH /review/:id': {
        params: { id: 'r1' },
        body: aManagedReview({ _id: 'r1', rating: 3, review: 'Good roller.' }),
      },
      'GET /my-reviews': {
        answer: () => {
          reads += 1;
          return {
            body: [aManagedReview({ _id: 'r1', review: reads > 1 ? 'Good roller.' : 'Lovely roller.' })],
          };
        },
      },
    });
    await user.click(screen.getByRole('button', { name: /^Edit review: Lovely roller/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit your review of the shop' });
    const text = within(dialog).getByLabelText('Your review');
    expect(text).toHaveValue('Lovely roller.');
    await user.click(within(dialog).getByRole('button', { name: 'Decrease rating' }));
    await user.clear(text);
    await user.type(text, 'Good roller.');
    await user.click(within(dialog).getByRole('button', { name: 'Save review' }));

    expect(await screen.findByText(reviewCopy.edited)).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      rating: 3,
      review: 'Good roller.',
    });
    expect(await screen.findByText('Good roller.')).toBeInTheDocument();
  });

  it('an edit without text is refused in the dialog, as the form refuses it', async () => {
    const { user, api } = await openPage();
    await user.click(screen.getByRole('button', { name: /^Edit review: Lovely roller/ }));
    const dialog = await screen.findByRole('dialog');
    await user.clear(within(dialog).getByLabelText('Your review'));
    await user.click(within(dialog).getByRole('button', { name: 'Save review' }));
    expect(await screen.findByText('Please add Review!')).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('deletes a review after a confirmation', async () => {
    const { user, api } = await openPage({
      'DELETE /review/:id': { params: { id: 'r2' }, body: { deletedCount: 1 } },
    });
    await user.click(screen.getByRole('button', { name: /^Delete review: ALL CAPS/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this review?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete review' }));
    expect(await screen.findByText(reviewCopy.deleted)).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'DELETE' && call.url === '/api/review/r2')).toBe(true);
  });
});
