import { useEffect, useRef, useState } from 'react';
import { CAROUSEL } from '@shop/shared/constants';
import { useIsHydrated } from '@/components/ui/use-is-hydrated';
import type { Review } from '@/lib/domain/review';
import { cardOffset, cardsPerView, firstCardInView, slideTo } from '../lib/strip-scroll';
import { ReviewCard } from './review-card';

const prefersReducedMotion = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Brings card `position` to the strip's left edge, in one slide (at once for reduced motion). */
const slideToCard = (strip: HTMLElement, position: number) =>
  slideTo(strip, cardOffset(strip, position), prefersReducedMotion() ? 0 : CAROUSEL.speedMs);

/**
 * The feedback carousel (docs/behaviour.md §7.7): a strip of cards that scrolls sideways and
 * snaps to a card (swipe, trackpad, arrow keys once focused), a dot per position, and autoplay.
 * CSS does the layout and the snapping, so it costs a few lines rather than a carousel
 * library. Moving content can be paused (WCAG 2.2.2) and does not start by itself for people
 * who ask for reduced motion.
 */
export function ReviewCarousel({ reviews }: { reviews: Review[] }) {
  const stripRef = useRef<HTMLDivElement>(null);
  const [perView, setPerView] = useState(1);
  const [current, setCurrent] = useState(0);
  // The server cannot know the visitor's motion preference: autoplay is off in its HTML and
  // while hydrating (the same markup), and follows the preference from then on unless the
  // visitor pressed Pause or Play.
  const isHydrated = useIsHydrated();
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const isPlaying = playChoice ?? (isHydrated && !prefersReducedMotion());
  const [isPointerOver, setIsPointerOver] = useState(false);
  const positions = Math.max(1, reviews.length - perView + 1);

  useEffect(() => {
    const measure = () => {
      if (stripRef.current) setPerView(cardsPerView(stripRef.current));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);

  // The next card after each pause; back to the first after the last.
  useEffect(() => {
    if (!isPlaying || isPointerOver || positions < 2) return;
    const timer = window.setTimeout(() => {
      if (stripRef.current) slideToCard(stripRef.current, current + 1 < positions ? current + 1 : 0);
    }, CAROUSEL.autoplayDelayMs);
    return () => window.clearTimeout(timer);
  }, [isPlaying, isPointerOver, positions, current]);

  return (
    <div
      className="min-h-72"
      onMouseEnter={() => setIsPointerOver(true)}
      onMouseLeave={() => setIsPointerOver(false)}
    >
      <div
        ref={stripRef}
        role="group"
        aria-label="Customer reviews"
        // Focusable, so that keyboard users can scroll it with the arrow keys.
        tabIndex={0}
        onScroll={(event) => setCurrent(Math.min(positions - 1, firstCardInView(event.currentTarget)))}
        className="review-strip flex snap-x snap-mandatory gap-(--gap) overflow-x-auto pb-1"
      >
        {reviews.map((review, index) => (
          <div
            key={review.id}
            role="group"
            aria-label={`${index + 1} / ${reviews.length}`}
            className="snap-start"
          >
            <ReviewCard review={review} />
          </div>
        ))}
      </div>
      <div className="flex h-12 items-center justify-center">
        {positions > 1 &&
          Array.from({ length: positions }, (_, position) => (
            <button
              key={position}
              type="button"
              aria-label={`Go to slide ${position + 1}`}
              aria-current={position === current ? 'true' : undefined}
              onClick={() => stripRef.current && slideToCard(stripRef.current, position)}
              className="grid h-6 w-6 place-items-center"
            >
              <span
                aria-hidden="true"
                className={`block h-3 w-3 rounded-full ${position === current ? 'bg-primary' : 'bg-base-content/55'}`}
              />
            </button>
          ))}
      </div>
      {reviews.length > 1 && (
        <div className="mt-2 flex justify-center">
          <button type="button" className="btn btn-sm btn-ghost" onClick={() => setPlayChoice(!isPlaying)}>
            {isPlaying ? 'Pause reviews' : 'Play reviews'}
          </button>
        </div>
      )}
    </div>
  );
}
