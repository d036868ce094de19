import { describe, expect, it } from 'vitest';
import { DESCRIPTION_PREVIEW_LENGTH } from '@shop/shared/constants';
import { descriptionPreview } from './description-preview';

describe('descriptionPreview', () => {
  it('keeps the first 135 characters of a long description and ends them with an ellipsis', () => {
    const description = 'a'.repeat(DESCRIPTION_PREVIEW_LENGTH) + 'b'.repeat(40);
    expect(DESCRIPTION_PREVIEW_LENGTH).toBe(135);
    expect(descriptionPreview(description)).toBe(`${'a'.repeat(135)}…`);
  });

  it('adds no ellipsis to a description of exactly 135 characters', () => {
    const description = 'a'.repeat(DESCRIPTION_PREVIEW_LENGTH);
    expect(descriptionPreview(description)).toBe(description);
  });

  it('keeps a short description whole', () => {
    expect(descriptionPreview('Soft synthetic bristles.')).toBe('Soft synthetic bristles.');
  });
});
