import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { REVIEW_TITLE } from '@shop/shared/constants';
import { copy } from '@shop/shared/copy';
import { mockApi, type RouteMocks } from '@/test/fetch-mock';
import { invalidInput } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { customer, signedInAs } from '@/test/signed-in';

const ratingValue = () => screen.getByRole('status', { name: 'Rating' });

async function openPage(routes: RouteMocks = {}) {
  const user = userEvent.setup();
  const api = mockApi({
    ...signedInAs(customer),
    'POST /review': { status: 201, body: { insertedId: 'r1' } },
    'GET /my-order': { query: { email: customer.email }, body: [] },
    'GET /my-reviews': { body: [] },
    ...routes,
  });
  renderApp('/dashboard/my-reviews');
  await screen.findByRole('heading', { name: `Hello, ${customer.displayName}!` });
  return {
    user,
    api,
    increase: () => screen.getByRole('button', { name: 'Increase rating' }),
    decrease: () => screen.getByRole('button', { name: 'Decrease rating' }),
    text: () => screen.getByLabelText('Your review'),
    post: () => user.click(screen.getByRole('button', { name: 'Post Review' })),
  };
}

describe('Add Reviews', () => {
  it('greets the user; the stepper starts at 0 with minus disabled and stops at 5', async () => {
    const { user, increase, decrease } = await openPage();
    expect(ratingValue()).toHaveTextContent(/^0/);
    expect(decrease()).toBeDisabled();
    for (let i = 0; i < 7; i += 1) {
      if (!(increase() as HTMLButtonElement).disabled) await user.click(increase());
    }
    expect(ratingValue()).toHaveTextContent(/^5/);
    expect(increase()).toBeDisabled();
    await user.click(decrease());
    expect(ratingValue()).toHaveTextContent(/^4/);
    expect(increase()).toBeEnabled();
  });

  it('the disabled buttons never move the rating beyond its bounds', async () => {
    const { user, increase, decrease } = await openPage();
    await user.click(decrease());
    expect(ratingValue()).toHaveTextContent(/^0/);
    for (let i = 0; i < 5; i += 1) await user.click(increase());
    await user.click(increase());
    expect(ratingValue()).toHaveTextContent(/^5/);
  });

  it('with neither rating nor text: Please add Ratings & Reviews!', async () => {
    const { api, post } = await openPage();
    await post();
    expect(await screen.findByText(copy.reviewMissingBoth)).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('with text but rating 0: Please add Ratings!', async () => {
    const { user, api, text, post } = await openPage();
    await user.type(text(), 'Great brushes');
    await post();
    expect(await screen.findByText(copy.reviewMissingRating)).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('with a rating but no text (blanks only): Please add Review!', async () => {
    const { user, api, increase, text, post } = await openPage();
    await user.click(increase());
    await user.type(text(), '   ');
    await post();
    expect(await screen.findByText(copy.reviewMissingText)).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("shows the API's reasons at the rating and the review, besides the toast", async () => {
    const { user, increase, text, post } = await openPage({
      'POST /review': invalidInput(
        { field: 'rating', message: 'Rating must be at most 5' },
        { field: 'review', message: 'Review must be 1000 characters or fewer' },
      ),
    });
    await user.click(increase());
    await user.type(text(), 'Great brushes');
    await post();

    await waitFor(() =>
      expect(text()).toHaveAccessibleDescription('Review must be 1000 characters or fewer'),
    );
    expect(text()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('group', { name: 'Rating' })).toHaveAccessibleDescription(
      'Rating must be at most 5',
    );
    // The toast gives the first reason.
    expect(await screen.findAllByText('Rating must be at most 5')).toHaveLength(2);

    // Changing the text takes its message away.
    await user.type(text(), '!');
    expect(text()).not.toHaveAccessibleDescription();
  });

  it("posts the rating, the text, the user's name and the title, thanks and resets the form", async () => {
    const { user, api, increase, text, post } = await openPage();
    await user.click(increase());
    await user.click(increase());
    await user.click(increase());
    await user.type(text(), '  Great brushes, fast delivery  ');
    await post();

    expect(await screen.findByText(copy.reviewThanks)).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      rating: 3,
      review: 'Great brushes, fast delivery',
      name: customer.displayName,
      address: REVIEW_TITLE,
    });
    await waitFor(() => expect(ratingValue()).toHaveTextContent(/^0/));
    expect(text()).toHaveValue('');
  });
});
