import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { reviewCopy } from '@shop/shared/review-copy';
import { mockApi } from '@/test/fetch-mock';
import { aReview } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const review = (n: number, text: string, rating = 4) =>
  aReview({
    _id: `r${n}`,
    name: `Customer ${n}`,
    rating,
    review: text,
    createdAt: `2024-01-0${n}T00:00:00.000Z`,
  });

const feedbackSection = () => screen.findByRole('region', { name: 'What Our Clients Say' });

describe('customer feedback carousel', () => {
  it('shows the reviews newest first, with stars and the shortened text', async () => {
    const long = 'L'.repeat(108) + 'ong';
    const { calls } = mockApi({
      'GET /tool': { body: [] },
      'GET /review': {
        body: [review(1, 'First and oldest.', 5), review(2, long, 3), review(3, 'Newest.')],
      },
    });
    renderApp('/');
    const section = await feedbackSection();
    await within(section).findByText('Newest.');

    const names = within(section)
      .getAllByText(/^Customer \d$/)
      .map((element) => element.textContent);
    expect(names).toEqual(['Customer 3', 'Customer 2', 'Customer 1']);
    expect(within(section).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(within(section).getByRole('img', { name: 'Rated 3 out of 5' })).toBeInTheDocument();
    expect(within(section).getByText(`${'L'.repeat(108)}...`)).toBeInTheDocument();
    expect(within(section).getAllByText('Customer review')).toHaveLength(3);
    expect(calls.filter((call) => call.url === '/api/review')).toHaveLength(1);

    // Plain cards first, the carousel once its code is in.
    const pause = await within(section).findByRole('button', { name: 'Pause reviews' });
    await userEvent.setup().click(pause);
    expect(within(section).getByRole('button', { name: 'Play reviews' })).toBeInTheDocument();
  });

  it('stays still for people who ask for reduced motion, with a dot per position', async () => {
    const matchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
      ...matchMedia(query),
      matches: query === '(prefers-reduced-motion: reduce)',
    }));
    mockApi({
      'GET /tool': { body: [] },
      'GET /review': { body: [review(1, 'One.'), review(2, 'Two.'), review(3, 'Three.')] },
    });
    renderApp('/');
    const section = await feedbackSection();
    await within(section).findByText('Three.');

    expect(within(section).getByRole('button', { name: 'Play reviews' })).toBeInTheDocument();
    expect(within(section).getByRole('group', { name: 'Customer reviews' })).toBeInTheDocument();
    const dots = within(section).getAllByRole('button', { name: /^Go to slide \d$/ });
    expect(dots).toHaveLength(3);
    expect(dots[0]).toHaveAttribute('aria-current', 'true');
  });

  it("shows 'Verified buyer' only on the reviews the server verified", async () => {
    mockApi({
      'GET /tool': { body: [] },
      'GET /review': {
        body: [
          review(1, 'Bought and loved it.'),
          aReview({ _id: 'r2', name: 'Customer 2', verifiedBuyer: true }),
        ],
      },
    });
    renderApp('/');
    const section = await feedbackSection();
    await within(section).findByText('Bought and loved it.');
    const badges = within(section).getAllByText(reviewCopy.verifiedBuyer);
    expect(badges).toHaveLength(1);
    expect(badges[0]!.closest('figure')).toHaveTextContent('Customer 2');
  });

  it('says so when there are no reviews yet', async () => {
    mockApi({ 'GET /tool': { body: [] }, 'GET /review': { body: [] } });
    renderApp('/');
    const section = await feedbackSection();
    expect(await within(section).findByText(/No reviews yet/)).toBeInTheDocument();
  });

  it('offers a retry when the reviews cannot be loaded', async () => {
    let attempts = 0;
    mockApi({
      'GET /tool': { body: [] },
      'GET /review': {
        answer: () => {
          attempts += 1;
          return attempts === 1
            ? { status: 500, body: { code: 'internal', message: 'Reviews are resting' } }
            : { body: [review(1, 'Back again.')] };
        },
      },
    });
    renderApp('/');
    const section = await feedbackSection();
    expect(await within(section).findByRole('alert')).toHaveTextContent('Reviews are resting');
    await userEvent.setup().click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByText('Back again.')).toBeInTheDocument();
  });
});
