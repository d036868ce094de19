import { randomUUID } from 'node:crypto';

/** Where every stored picture is served, whatever storage holds it (plugins/uploads.ts). */
export const UPLOADS_PATH = '/uploads/';

/**
 * The only names a stored picture can have: a random UUID for an upload, or the stable
 * `demo-<slug>` of a seeded picture; always WebP, because we re-encode every upload. Anything
 * else (dots, slashes, other extensions) is never looked up, so no path can leave the folder.
 */
const UPLOAD_KEY =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|demo-[a-z0-9]+(?:-[a-z0-9]+)*)\.webp$/;

export const STORED_IMAGE_TYPE = 'image/webp';

export const isUploadKey = (key: string): boolean => UPLOAD_KEY.test(key);

export const newUploadKey = (): string => `${randomUUID()}.webp`;

export const demoUploadKey = (slug: string): string => `demo-${slug}.webp`;

export const uploadUrl = (key: string): string => `${UPLOADS_PATH}${key}`;

/** The key of a picture URL of ours, or null for any other URL (a tool's picture on another host). */
export function keyOfUploadUrl(url: string): string | null {
  if (!url.startsWith(UPLOADS_PATH)) return null;
  const key = url.slice(UPLOADS_PATH.length);
  return isUploadKey(key) ? key : null;
}
