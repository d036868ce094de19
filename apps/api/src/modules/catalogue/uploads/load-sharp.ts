import type sharpModule from 'sharp';

let loading: Promise<typeof sharpModule> | undefined;

/**
 * sharp, loaded at the first picture rather than at start: libvips costs some 25 MB of memory
 * that a shop serving its catalogue never needs (README: Performance). Its operation cache is
 * off: each picture here is decoded once, so the cache (up to 50 MB) would only hold memory.
 */
export function loadSharp(): Promise<typeof sharpModule> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
