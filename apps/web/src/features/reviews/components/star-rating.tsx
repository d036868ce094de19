import { RATING_MAX } from '@shop/shared/constants';

/** A rating as stars, read out as 'Rated 4 out of 5'. */
export function StarRating({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`Rated ${rating} out of ${RATING_MAX}`} className="flex gap-0.5">
      {Array.from({ length: RATING_MAX }, (_, index) => (
        <svg
          key={index}
          viewBox="0 0 20 20"
          width="18"
          height="18"
          aria-hidden="true"
          className={index < rating ? 'fill-accent' : 'fill-base-300'}
        >
          <path d="M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L10 14.9l-5.2 2.8 1-5.9L1.5 7.7l5.9-.8z" />
        </svg>
      ))}
    </span>
  );
}
