/**
 * Checkout refused the order for one line (the API names it: `lines.<toolId>`): the buyer goes
 * back to the cart, which shows the refusal at that line. Carried in the router's location state.
 */
export interface RefusedLine {
  toolId: string;
  message: string;
}

export const refusedLineState = (refusedLine: RefusedLine) => ({ refusedLine });

/** The refused line the location's state carries, if any. */
export function refusedLineOf(state: unknown): RefusedLine | null {
  const candidate = (state as { refusedLine?: Partial<RefusedLine> } | null)?.refusedLine;
  return typeof candidate?.toolId === 'string' && typeof candidate.message === 'string'
    ? { toolId: candidate.toolId, message: candidate.message }
    : null;
}

/** The tool a checkout refusal names, from its first field issue ('lines.<toolId>'). */
export function refusedToolOf(issues: readonly { field: string }[]): string | null {
  const field = issues[0]?.field;
  return field?.startsWith('lines.') ? field.slice('lines.'.length) || null : null;
}
