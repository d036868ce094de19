import { Readable, pipeline } from 'node:stream';
import { and } from 'drizzle-orm';
import { stringify, type Options } from 'csv-stringify';
import type { Database } from '../../../db/client';
import { afterCursor, orderByKeyset, pageOf } from '../../../lib/keyset';
import type { OrderRow } from './find-order';
import { linesOfOrders, type OrderLineRow } from './order-lines';
import { matchingOrders, type OrderFilter } from './order-filter';
import { newestPages } from './orders.service';
import { orders } from './orders.table';

/** Orders read per query: the export holds one page in memory, never the whole table. */
const EXPORT_PAGE_SIZE = 500;

const money = (cents: number) => (cents / 100).toFixed(2);
const time = (at: Date | null) => at?.toISOString() ?? '';

/**
 * The file's columns: its header row and each line's cells (money in dollars, times in UTC). A
 * row is one line of an order; the order's own cells repeat on each of its lines, so a
 * spreadsheet can sum the lines or take an order's totals from any of its rows.
 */
const columns: [header: string, cell: (order: OrderRow, line: OrderLineRow) => string][] = [
  ['Order number', (order) => order.id],
  ['Placed at', (order) => time(order.createdAt)],
  ['Customer', (order) => order.customerName],
  ['Email', (order) => order.email],
  ['Phone', (order) => order.phoneNumber],
  ['Address', (order) => order.address],
  ['PO number', (order) => order.poNumber ?? ''],
  ['Note', (order) => order.note ?? ''],
  ['Line', (_order, line) => String(line.position)],
  ['SKU', (_order, line) => line.sku ?? ''],
  ['Tool', (_order, line) => line.toolName],
  ['Quantity', (_order, line) => String(line.quantity)],
  ['Unit price', (_order, line) => money(line.unitPriceCents)],
  ['Line total', (_order, line) => money(line.lineTotalCents)],
  ['Items', (order) => money(order.itemsTotalCents)],
  ['Shipping', (order) => money(order.shippingCents)],
  ['Tax', (order) => money(order.taxCents)],
  ['Total', (order) => money(order.priceCents)],
  ['State', (order) => order.state],
  ['Paid at', (order) => time(order.paidAt)],
  ['Transaction id', (order) => order.transactionId ?? ''],
  ['Shipped at', (order) => time(order.shippedAt)],
];

/**
 * The characters a spreadsheet starts a formula with (or skips before one: tab, CR), in their
 * ASCII and full-width forms (OWASP's CSV injection list).
 */
const FORMULA_START = /[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/**
 * Each place a line of a cell starts (the cell's start, or just after a LF or a CR) where the
 * line starts with a formula character. Every line counts: a spreadsheet may take any line of
 * a quoted cell for a row of its own (docs/behaviour.md §5.17).
 */
const FORMULA_LINE_START = new RegExp(`(?<=^|[\\r\\n])(?=${FORMULA_START.source})`, 'g');

/** A cell no spreadsheet runs: an apostrophe before each line that would start a formula. */
const defuseFormulas = (cell: string): string => cell.replace(FORMULA_LINE_START, "'");

/**
 * How the CSV is written (RFC 4180): a header row, CRLF line ends, a byte order mark so that a
 * spreadsheet reads UTF-8 names right, and a cell that holds a comma, a quote or any line break
 * (CRLF, a bare LF or a bare CR) in quotes, its quotes doubled. csv-stringify quotes bare LF and
 * CR only with `quote_record_delimiter` once the record delimiter is CRLF: without it a bare
 * LF went out unquoted and a spreadsheet began a new row with the text after it. Formulas are
 * defused on every line by `defuseFormulas` (csv-stringify's `escape_formulas` looks at the
 * first character of a cell only).
 */
export const csvOptions = {
  header: true,
  columns: columns.map(([header]) => header),
  bom: true,
  record_delimiter: '\r\n',
  quote_record_delimiter: true,
  cast: { string: defuseFormulas },
} as const satisfies Options;

/** Every line of the filter's orders, newest order first, one keyset page per query (decision 0031). */
async function* orderRecords(db: Database, filter: OrderFilter, pageSize: number) {
  let cursor: string | undefined;
  do {
    const rows = await db
      .select({ order: orders, keyText: newestPages.keyText, id: orders.id })
      .from(orders)
      .where(and(matchingOrders(filter), afterCursor(newestPages, cursor)))
      .orderBy(...orderByKeyset(newestPages))
      .limit(pageSize + 1);
    const page = pageOf(newestPages, rows, pageSize);
    const lines = await linesOfOrders(
      db,
      page.rows.map(({ order }) => order.id),
    );
    for (const { order } of page.rows) {
      for (const line of lines.get(order.id) ?? []) yield columns.map(([, cell]) => cell(order, line));
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
}

/**
 * The orders of a filter as a CSV stream (docs/behaviour.md §5.17). The next page is read only
 * when the client has taken the last one (the stream's back-pressure), so a large export costs
 * one page of memory and each query is short. A failure after the first bytes can only end the
 * download early: `onError` logs it and the connection is closed, so no file looks complete.
 */
export function exportOrdersCsv(
  db: Database,
  filter: OrderFilter,
  { pageSize = EXPORT_PAGE_SIZE, onError }: { pageSize?: number; onError: (error: Error) => void },
): Readable {
  const csv = stringify(csvOptions);
  pipeline(Readable.from(orderRecords(db, filter, pageSize)), csv, (error) => {
    if (error) onError(error);
  });
  return csv;
}
