import { RECENT_TOOLS_COUNT } from '@shop/shared/constants';

/** Home shows the first three tools of the list, then reversed (docs/behaviour.md §12.18). */
export function recentTools<T>(tools: readonly T[]): T[] {
  return tools.slice(0, RECENT_TOOLS_COUNT).reverse();
}
