import { describe, expect, it } from 'vitest';
import { newestFirst, reviewPreview } from './review-preview';

describe('reviewPreview', () => {
  it('shows a review of 109 characters in full', () => {
    const text = 'x'.repeat(109);
    expect(reviewPreview(text)).toBe(text);
  });

  it("cuts a review of 110 characters to the first 108 and '...'", () => {
    const text = 'a'.repeat(108) + 'bc';
    expect(reviewPreview(text)).toBe(`${'a'.repeat(108)}...`);
  });

  it('cuts a long review the same way', () => {
    expect(reviewPreview('r'.repeat(500))).toHaveLength(111);
  });
});

describe('newestFirst', () => {
  it('reverses the list without changing it', () => {
    const reviews = [1, 2, 3];
    expect(newestFirst(reviews)).toEqual([3, 2, 1]);
    expect(reviews).toEqual([1, 2, 3]);
  });
});
