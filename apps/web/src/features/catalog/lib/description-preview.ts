import { DESCRIPTION_PREVIEW_LENGTH } from '@shop/shared/constants';

/**
 * A card shows the first 135 characters of a tool's description (docs/behaviour.md §3.3). A cut
 * one ends with '…' so that the reader knows there is more on the purchase page.
 */
export function descriptionPreview(description: string): string {
  if (description.length <= DESCRIPTION_PREVIEW_LENGTH) return description;
  return `${description.slice(0, DESCRIPTION_PREVIEW_LENGTH)}…`;
}
