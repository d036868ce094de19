import { SKU_PATTERN } from './sku';

/**
 * The quick-order pad's text, pasted or read from a CSV file, as rows of SKU and quantity
 * (docs/behaviour.md §5.19). What it guards against, each a known fault of other shops' pads:
 * - a line is never dropped without a word: every line that is not blank and not the header
 *   becomes a row or a problem naming its line number;
 * - a SKU stays text ('007' is not 7);
 * - '1,200' is twelve hundred where it can only be that ('BR-25 1,200', a tab or ';' between),
 *   and a problem where it could be two columns ('BR-25,1,200' unquoted);
 * - a header row is read for its columns, so a file's other columns are ignored wherever they sit.
 * Rows are not merged here: the API merges rows of one SKU and says so, for any caller.
 */

/** The most rows one quick order may hold: the cart's own cap. */
export const MAX_QUICK_ORDER_ROWS = 200;
/** The largest quantity a row may ask for (the cart's own limit). */
export const MAX_QUICK_ORDER_QUANTITY = 1_000_000;

export interface QuickOrderRow {
  /** 1-based, counting every line of the text, blank ones and the header too. */
  line: number;
  sku: string;
  quantity: number;
}

export interface QuickOrderLineProblem {
  line: number;
  /** The line as it was, for the buyer to find it. */
  text: string;
  message: string;
}

export interface ParsedQuickOrder {
  rows: QuickOrderRow[];
  problems: QuickOrderLineProblem[];
  /** Set when the text as a whole cannot be taken (too many rows); rows is then empty. */
  refusal: string | null;
}

type Delimiter = '\t' | ';' | ',' | ' ';

const SKU_HEADERS = [
  'sku',
  'part',
  'partnumber',
  'partno',
  'item',
  'itemnumber',
  'itemno',
  'code',
  'productcode',
];
const QUANTITY_HEADERS = ['quantity', 'qty', 'amount', 'count', 'units'];

/** Reads the pad's text or a CSV file's into rows and the problems of the lines that are not rows. */
export function parseQuickOrderText(text: string): ParsedQuickOrder {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const rows: QuickOrderRow[] = [];
  const problems: QuickOrderLineProblem[] = [];
  let header: { delimiter: Delimiter; sku: number; quantity: number; width: number } | null = null;
  let isFirst = true;

  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    const delimiter = header?.delimiter ?? delimiterOf(raw);
    const fields = splitFields(raw, delimiter);
    if (isFirst) {
      isFirst = false;
      const columns = fields && headerColumns(fields);
      if (fields && columns) {
        header = { delimiter, ...columns, width: fields.length };
        return;
      }
    }
    const problem = (message: string) => problems.push({ line, text: raw.trim(), message });
    if (fields === null) return problem('A quotation mark is not closed');
    const skuAt = header?.sku ?? 0;
    const quantityAt = header?.quantity ?? 1;
    if (header && delimiter === ',' && fields.length > header.width) {
      return problem(
        'This line has more columns than the header: write a quantity such as 1,200 without the comma, or in quotes',
      );
    }
    const sku = fields[skuAt]?.text ?? '';
    const quantityField = fields[quantityAt];
    if (sku === '') return problem('No SKU: write the SKU, then the quantity');
    if (!quantityField || quantityField.text === '') return problem(`No quantity after ${sku}`);
    if (sku.length > 40 || !SKU_PATTERN.test(sku)) {
      return problem(`"${sku}" is not a SKU: SKUs hold letters, digits, dots and dashes`);
    }
    // Unquoted 'BR-25,1,200': the comma that separates the columns could also group the digits.
    const next = fields[quantityAt + 1];
    if (
      !header &&
      delimiter === ',' &&
      !quantityField.isQuoted &&
      next &&
      !next.isQuoted &&
      /^\d{1,3}$/.test(quantityField.text) &&
      /^\d{3}$/.test(next.text)
    ) {
      return problem(
        `Is the quantity ${quantityField.text} or ${quantityField.text},${next.text}? Write it without the comma, or in quotes`,
      );
    }
    const quantity = quantityOf(quantityField.text, quantityField.isQuoted ? null : delimiter);
    if (typeof quantity === 'string') return problem(quantity);
    rows.push({ line, sku, quantity });
  });

  if (rows.length + problems.length > MAX_QUICK_ORDER_ROWS) {
    return {
      rows: [],
      problems: [],
      refusal: `At most ${MAX_QUICK_ORDER_ROWS} rows at a time: this has ${rows.length + problems.length}. Split it in two.`,
    };
  }
  return { rows, problems, refusal: null };
}

/** A line's separator: a tab, else a semicolon, else a comma right after the SKU, else spaces. */
function delimiterOf(line: string): Delimiter {
  if (line.includes('\t')) return '\t';
  if (line.includes(';')) return ';';
  const beforeComma = line.split(',')[0]!.trim().replace(/^"|"$/g, '');
  if (line.includes(',') && !/\s/.test(beforeComma)) return ',';
  return ' ';
}

interface Field {
  text: string;
  isQuoted: boolean;
}

/** The line's fields, trimmed; a field may be in double quotes ("" inside is one). Null: a quote left open. */
function splitFields(raw: string, delimiter: Delimiter): Field[] | null {
  // Spaces as the separator: a run of them is one, and the line's ends are not empty fields.
  const line = delimiter === ' ' ? raw.trim() : raw;
  const fields: Field[] = [];
  let at = 0;
  const isDelimiter = (char: string | undefined) => char === delimiter;
  while (at <= line.length) {
    while (at < line.length && line[at] !== delimiter && /\s/.test(line[at]!)) at += 1;
    let text = '';
    let isQuoted = false;
    if (line[at] === '"') {
      isQuoted = true;
      at += 1;
      for (;;) {
        if (at >= line.length) return null;
        if (line[at] === '"' && line[at + 1] === '"') {
          text += '"';
          at += 2;
        } else if (line[at] === '"') {
          at += 1;
          break;
        } else {
          text += line[at];
          at += 1;
        }
      }
      while (at < line.length && !isDelimiter(line[at])) at += 1;
    } else {
      const start = at;
      while (at < line.length && !isDelimiter(line[at])) at += 1;
      text = line.slice(start, at);
    }
    fields.push({ text: text.trim(), isQuoted });
    if (at >= line.length) break;
    at += 1;
    if (delimiter === ' ') while (line[at] === ' ') at += 1;
  }
  return fields;
}

/** The columns of a header row ('SKU,Quantity', 'Description;Part no;Qty'), or null for a row of data. */
function headerColumns(fields: Field[]): { sku: number; quantity: number } | null {
  const names = fields.map((field) => field.text.toLowerCase().replace(/[^a-z]/g, ''));
  const sku = names.findIndex((name) => SKU_HEADERS.includes(name));
  const quantity = names.findIndex((name) => QUANTITY_HEADERS.includes(name));
  return sku === -1 || quantity === -1 ? null : { sku, quantity };
}

/**
 * A whole quantity, digits grouped by thousands or not ('1200', '1,200', '1.200', "1'200");
 * a group separator that is also the line's separator is not one. A message when it is none.
 */
function quantityOf(text: string, delimiter: Delimiter | null): number | string {
  const grouped = /^\d{1,3}([,.'\u00a0\u202f])\d{3}(\1\d{3})*$/.exec(text);
  let digits: string | null = null;
  if (/^\d+$/.test(text)) digits = text;
  else if (grouped && grouped[1] !== delimiter) digits = text.replace(/\D/g, '');
  if (digits === null) return `"${text}" is not a quantity: write a whole number such as 48 or 1,200`;
  const quantity = Number(digits);
  if (quantity < 1) return 'The quantity must be at least 1';
  if (quantity > MAX_QUICK_ORDER_QUANTITY) return 'The quantity must be at most 1,000,000';
  return quantity;
}
