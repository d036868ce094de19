import { describe, expect, it } from 'vitest';
import { recentTools } from './recent-tools';

describe('recentTools', () => {
  it('takes the first three tools of the list and reverses them', () => {
    expect(recentTools(['a', 'b', 'c', 'd', 'e'])).toEqual(['c', 'b', 'a']);
  });

  it('works with fewer than three tools and leaves the input alone', () => {
    const tools = ['a', 'b'];
    expect(recentTools(tools)).toEqual(['b', 'a']);
    expect(tools).toEqual(['a', 'b']);
    expect(recentTools([])).toEqual([]);
  });
});
