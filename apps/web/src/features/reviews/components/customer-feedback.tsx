import { lazy, Suspense, useEffect } from 'react';
import { QueryList } from '@/components/ui/query-list';
import { useIsHydrated } from '@/components/ui/use-is-hydrated';
import type { Review } from '@/lib/domain/review';
import { useReviews } from '../api/get-reviews';
import { CarouselBoundary } from './carousel-boundary';
import { newestFirst } from '../lib/review-preview';
import { ReviewCard } from './review-card';

const loadCarousel = () => import('./review-carousel');
const ReviewCarousel = lazy(async () => ({ default: (await loadCarousel()).ReviewCarousel }));

/** Home: customer feedback, newest first (docs/behaviour.md §5.8). */
export function CustomerFeedback() {
  const reviews = useReviews();
  const isHydrated = useIsHydrated();

  // Fetch the carousel's code while the reviews load, not after.
  useEffect(() => {
    void loadCarousel().catch(() => undefined);
  }, []);

  return (
    <section aria-labelledby="feedback-heading" className="bg-base-200">
      <div className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="feedback-heading" className="text-primary mb-8 text-center text-3xl font-bold">
          What Our Clients Say
        </h2>
        <QueryList
          query={reviews}
          loading={<CarouselSkeleton />}
          empty={<p className="text-center">No reviews yet. Bought from us? Tell us how it went.</p>}
        >
          {(items) =>
            isHydrated ? (
              <CarouselBoundary>
                <Suspense fallback={<NewestReviews reviews={newestFirst(items)} />}>
                  <ReviewCarousel reviews={newestFirst(items)} />
                </Suspense>
              </CarouselBoundary>
            ) : (
              <NewestReviews reviews={newestFirst(items)} />
            )
          }
        </QueryList>
      </div>
    </section>
  );
}

/**
 * The newest reviews as plain cards, where the carousel cannot run: in the server's HTML (which
 * must work without JavaScript and carry no inline style) and until the carousel's code is in.
 */
function NewestReviews({ reviews }: { reviews: Review[] }) {
  return (
    <ul className="grid min-h-72 gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {reviews.slice(0, 3).map((review, index) => (
        <li
          key={review.id}
          className={index === 1 ? 'hidden sm:block' : index === 2 ? 'hidden lg:block' : ''}
        >
          <ReviewCard review={review} />
        </li>
      ))}
    </ul>
  );
}

function CarouselSkeleton() {
  return (
    <div role="status" className="grid min-h-72 gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <span className="sr-only">Loading reviews</span>
      {[0, 1, 2].map((index) => (
        <div
          key={index}
          aria-hidden="true"
          className={`skeleton h-52 ${index === 1 ? 'hidden sm:block' : ''} ${index === 2 ? 'hidden lg:block' : ''}`}
        />
      ))}
    </div>
  );
}
