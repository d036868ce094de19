import { parseQuickOrderText, type ParsedQuickOrder } from '@shop/shared/quick-order-text';

const LINE_BREAK = /\r\n|\n|\r/;

/** The index of the header row the parser read columns from, or null when the text has none. */
function headerIndex(lines: readonly string[], parsed: ParsedQuickOrder): number | null {
  const first = lines.findIndex((line) => line.trim() !== '');
  if (first === -1) return null;
  const isRead = (line: number) =>
    parsed.rows.some((row) => row.line === line) || parsed.problems.some((problem) => problem.line === line);
  return isRead(first + 1) ? null : first;
}

/**
 * The places in a line that could hold its quantity: runs of digits, and quoted fields. A run
 * starts after no letter, digit, dot or dash: the digits a SKU ends with ('BW-1A2B3C577') are the
 * SKU's, not the start of a quantity ('BW-…577,40' is the SKU and 40, not one number 577,40).
 */
const QUANTITY_CANDIDATES = /"(?:[^"]|"")*"|(?<![\w.-])\d(?:[\d,.'\u00a0\u202f]*\d)?/g;

/**
 * The pad's text with the row on `line` asking for `quantity` instead (the buyer chose one of
 * the nearest valid quantities), the rest of the text as it was; null when the line is no row.
 * Whatever the line's layout (spaces, tabs, a CSV file's columns), the parser itself decides:
 * each place that could hold the quantity is tried, last first, and the first that the parser
 * reads back as this row's SKU with the new quantity is kept.
 */
export function withQuantity(text: string, line: number, quantity: number): string | null {
  const lines = text.split(LINE_BREAK);
  const parsed = parseQuickOrderText(text);
  const row = parsed.rows.find((candidate) => candidate.line === line);
  const raw = lines[line - 1];
  if (!row || raw === undefined) return null;
  const header = headerIndex(lines, parsed);
  // Only the header and the line itself decide how the line is read: the others are left blank.
  const readsBack = (candidate: string) => {
    const alone = lines.map((other, index) =>
      index === line - 1 ? candidate : index === header ? other : '',
    );
    const again = parseQuickOrderText(alone.join('\n')).rows.find((reread) => reread.line === line);
    return again?.sku === row.sku && again.quantity === quantity;
  };
  const matches = [...raw.matchAll(QUANTITY_CANDIDATES)].reverse();
  for (const match of matches) {
    const replacement = match[0].startsWith('"') ? `"${quantity}"` : String(quantity);
    const candidate = raw.slice(0, match.index) + replacement + raw.slice(match.index + match[0].length);
    if (readsBack(candidate)) return replaceLine(lines, line, candidate);
  }
  const plain = `${row.sku} ${quantity}`;
  return header === null && readsBack(plain) ? replaceLine(lines, line, plain) : null;
}

function replaceLine(lines: readonly string[], line: number, text: string): string {
  return lines.map((other, index) => (index === line - 1 ? text : other)).join('\n');
}

/**
 * The text of the given lines only, in their order, under the header row if the text had one:
 * what stays in the pad once the other rows went into the cart.
 */
export function keepLines(text: string, keep: ReadonlySet<number>): string {
  const lines = text.split(LINE_BREAK);
  const header = headerIndex(lines, parseQuickOrderText(text));
  const kept = lines.filter((_, index) => keep.has(index + 1));
  if (kept.length === 0) return '';
  return (header === null ? kept : [lines[header]!, ...kept]).join('\n');
}
