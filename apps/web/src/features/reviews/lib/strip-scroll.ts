/**
 * Moving the review strip, a row of cards that scrolls sideways and snaps to a card (CSS scroll
 * snap, `.review-strip` in index.css). The browser does the swiping; this moves it for the dots
 * and the autoplay.
 */

/** Cards in view at once, as the page's CSS says for this window (docs/behaviour.md §7.7). */
export function cardsPerView(strip: HTMLElement): number {
  const perView = Number.parseInt(getComputedStyle(strip).getPropertyValue('--per-view'), 10);
  return Number.isInteger(perView) && perView > 0 ? perView : 1;
}

/** How far the strip scrolls to put card `index` first in view. */
export function cardOffset(strip: HTMLElement, index: number): number {
  const cards = strip.children;
  const first = cards[0] as HTMLElement | undefined;
  const card = cards[index] as HTMLElement | undefined;
  return first && card ? card.offsetLeft - first.offsetLeft : 0;
}

/** The card nearest to the strip's left edge. */
export function firstCardInView(strip: HTMLElement): number {
  const step = cardOffset(strip, 1);
  return step > 0 ? Math.round(strip.scrollLeft / step) : 0;
}

const running = new WeakMap<HTMLElement, number>();

/**
 * Scrolls the strip to `left` in `durationMs`, easing out. Snapping is off meanwhile: it would
 * pull every step of the way back to the nearest card.
 */
export function slideTo(strip: HTMLElement, left: number, durationMs: number): void {
  const previous = running.get(strip);
  if (previous !== undefined) cancelAnimationFrame(previous);
  const start = strip.scrollLeft;
  if (durationMs <= 0 || start === left) {
    strip.style.scrollSnapType = '';
    strip.scrollLeft = left;
    return;
  }
  const startedAt = performance.now();
  strip.style.scrollSnapType = 'none';
  const step = (now: number) => {
    const progress = Math.min(1, (now - startedAt) / durationMs);
    strip.scrollLeft = start + (left - start) * (1 - (1 - progress) ** 3);
    if (progress < 1) {
      running.set(strip, requestAnimationFrame(step));
    } else {
      running.delete(strip);
      strip.style.scrollSnapType = '';
    }
  };
  running.set(strip, requestAnimationFrame(step));
}
