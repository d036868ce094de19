import { randomUUID } from 'node:crypto';
import { IMAGE_WIDTHS } from '@shop/shared/constants';

/** Where every stored picture is served, whatever storage holds it (plugins/uploads.ts). */
export const UPLOADS_PATH = '/uploads/';

/**
 * The narrower copies kept beside each picture (docs/decisions/0024): every width of
 * IMAGE_WIDTHS but the widest, which is the picture itself.
 */
export const COPY_WIDTHS: readonly number[] = IMAGE_WIDTHS.slice(0, -1);

/**
 * The only names a picture can have: a random UUID for an upload, or the stable `demo-<slug>`
 * of a seeded picture; always WebP, because we re-encode every upload. Its narrower copies add
 * `-<width>w` (copyKey). Anything else (dots, slashes, other extensions) is never looked up,
 * so no path can leave the folder.
 */
const NAME = String.raw`(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|demo-[a-z0-9]+(?:-[a-z0-9]+)*)`;
const COPY = String.raw`-(?:${COPY_WIDTHS.join('|')})w`;
const PICTURE_KEY = new RegExp(String.raw`^${NAME}\.webp$`);
const COPY_KEY = new RegExp(String.raw`^${NAME}${COPY}\.webp$`);

export const STORED_IMAGE_TYPE = 'image/webp';

/** A picture's own key: what a tool's URL names and the uploads table records; never a copy's. */
const isUploadKey = (key: string): boolean => PICTURE_KEY.test(key) && !COPY_KEY.test(key);

/** Any key the storage may hold: a picture's or one of its copies' (what /uploads/ serves). */
export const isStoredKey = (key: string): boolean => PICTURE_KEY.test(key) || COPY_KEY.test(key);

export const newUploadKey = (): string => `${randomUUID()}.webp`;

export const demoUploadKey = (slug: string): string => `demo-${slug}.webp`;

export const uploadUrl = (key: string): string => `${UPLOADS_PATH}${key}`;

/** The key of a picture's copy `width` pixels wide: `<name>-400w.webp` beside `<name>.webp`. */
export const copyKey = (key: string, width: number): string => key.replace(/\.webp$/, `-${width}w.webp`);

/** The key of a picture URL of ours, or null for any other URL (a tool's picture on another host). */
export function keyOfUploadUrl(url: string): string | null {
  if (!url.startsWith(UPLOADS_PATH)) return null;
  const key = url.slice(UPLOADS_PATH.length);
  return isUploadKey(key) ? key : null;
}
