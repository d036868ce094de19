import { DESCRIPTION_PREVIEW_LENGTH } from '@shop/shared/constants';

/** A card shows the first 135 characters of a tool's description (docs/behaviour.md §9.1). */
export function descriptionPreview(description: string): string {
  return description.slice(0, DESCRIPTION_PREVIEW_LENGTH);
}
