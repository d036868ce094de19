import type { Tool } from '@shop/shared/contracts/tools';
import { copyKey, keyOfUploadUrl, uploadUrl } from './upload-keys';

/** What the uploads table knows of a picture's widths. */
export interface StoredWidths {
  width: number;
  copyWidths: number[];
}

/**
 * The widths a tool's picture is held in (docs/decisions/0024), narrowest first, ending with
 * the picture itself; none for a picture we hold no record of (another host's).
 */
export function imageWidthsOf(imageUrl: string, stored: StoredWidths | null): Tool['images'] {
  const key = keyOfUploadUrl(imageUrl);
  if (!key || !stored) return [];
  return [
    ...stored.copyWidths
      .filter((width) => width < stored.width)
      .map((width) => ({ url: uploadUrl(copyKey(key, width)), width })),
    { url: imageUrl, width: stored.width },
  ];
}
