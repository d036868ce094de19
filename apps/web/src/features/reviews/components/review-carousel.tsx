import { useState, type CSSProperties } from 'react';
import { A11y, Autoplay, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance } from 'swiper/types';
import 'swiper/css';
import 'swiper/css/pagination';
import { CAROUSEL } from '@shop/shared/constants';
import type { Review } from '@/lib/domain/review';
import { ReviewCard } from './review-card';

/** '@1.00' and '@1.50' are window aspect ratios (width / height), as swiper reads them. */
const breakpoints = Object.fromEntries(
  Object.entries(CAROUSEL.breakpoints).map(([ratio, slidesPerView]) => [ratio, { slidesPerView }]),
);

/** The theme's red for the active bullet; inactive bullets dark enough to see (3:1 or more). */
const swiperTheme = {
  '--swiper-theme-color': 'var(--color-primary)',
  '--swiper-pagination-bullet-inactive-color': 'var(--color-base-content)',
  '--swiper-pagination-bullet-inactive-opacity': '0.55',
  '--swiper-pagination-bullet-size': '12px',
  '--swiper-pagination-bullet-horizontal-gap': '8px',
} as CSSProperties;

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The feedback carousel. Loaded lazily: swiper and its CSS stay out of the home page's first
 * JavaScript. Moving content can be paused (WCAG 2.2.2) and does not start by itself for
 * people who ask for reduced motion.
 */
export function ReviewCarousel({ reviews }: { reviews: Review[] }) {
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [isPlaying, setIsPlaying] = useState(() => !prefersReducedMotion());

  const togglePlaying = () => {
    if (!swiper) return;
    if (isPlaying) swiper.autoplay.stop();
    else swiper.autoplay.start();
    setIsPlaying(!isPlaying);
  };

  return (
    <div>
      <Swiper
        modules={[Autoplay, Pagination, A11y]}
        slidesPerView={1}
        spaceBetween={CAROUSEL.spaceBetween}
        speed={CAROUSEL.speedMs}
        breakpoints={breakpoints}
        autoplay={{ delay: CAROUSEL.autoplayDelayMs, disableOnInteraction: false, pauseOnMouseEnter: true }}
        pagination={{ clickable: true }}
        onSwiper={(instance) => {
          setSwiper(instance);
          if (!isPlaying) instance.autoplay?.stop();
        }}
        style={swiperTheme}
        className="min-h-72 pb-12!"
      >
        {reviews.map((review) => (
          <SwiperSlide key={review.id} className="h-auto!">
            <ReviewCard review={review} />
          </SwiperSlide>
        ))}
      </Swiper>
      {reviews.length > 1 && (
        <div className="mt-2 flex justify-center">
          <button type="button" className="btn btn-sm btn-ghost" onClick={togglePlaying} disabled={!swiper}>
            {isPlaying ? 'Pause reviews' : 'Play reviews'}
          </button>
        </div>
      )}
    </div>
  );
}
