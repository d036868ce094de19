import { QueryList } from '@/components/ui/query-list';
import { useReviews } from '../api/get-reviews';
import { newestFirst } from '../lib/review-preview';
import { ReviewCarousel } from './review-carousel';

/** Home: customer feedback, newest first (docs/behaviour.md §7.7). */
export function CustomerFeedback() {
  const reviews = useReviews();

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
          {(items) => <ReviewCarousel reviews={newestFirst(items)} />}
        </QueryList>
      </div>
    </section>
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
