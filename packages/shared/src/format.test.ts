import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatCount } from './format';

describe('formatCount', () => {
  it('groups thousands with a comma, whatever the runtime locale', () => {
    expect(formatCount(2252)).toBe('2,252');
    expect(formatCount(250)).toBe('250');
    expect(formatCount(1_000_000)).toBe('1,000,000');
  });
});

describe('formatCount against Intl', () => {
  it('writes every integer exactly as toLocaleString("en-US") does', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (count) => {
        expect(formatCount(count)).toBe(count.toLocaleString('en-US'));
      }),
    );
  });
});
