import { IMAGE_WIDTHS } from '@shop/shared/constants';

/**
 * The `srcset` of one of the web app's own pictures (public/, drawn by
 * scripts/generate-images.mjs in the widths an uploaded picture has, docs/behaviour.md §3.6):
 * `hero-400w.webp 400w, hero-800w.webp 800w` up to `maxWidth`. The hero and the blog pictures
 * are drawn at most 862 px wide, so they offer 400 and 800: a phone's 3x screen never fetches
 * the 1600 px file.
 */
export function staticSrcSet(widest: string, maxWidth = 800): string {
  const widestWidth = IMAGE_WIDTHS.at(-1)!;
  return IMAGE_WIDTHS.filter((width) => width <= maxWidth)
    .map((width) =>
      width === widestWidth
        ? `${widest} ${width}w`
        : `${widest.replace(/\.webp$/, `-${width}w.webp`)} ${width}w`,
    )
    .join(', ');
}
