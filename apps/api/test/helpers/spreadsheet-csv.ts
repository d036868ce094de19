/**
 * Reads a CSV the way a spreadsheet opens it (RFC 4180, read strictly): outside quotes any line
 * break, CRLF, a bare LF or a bare CR, ends the row, so a line break the writer left unquoted
 * shows up as an extra row; inside quotes everything is text and `""` is one quote. A quote in
 * an unquoted cell, or text after a closing quote, is malformed and throws. A leading byte
 * order mark is dropped; a last line break does not start an empty row.
 */
export function readSpreadsheetCsv(text: string): string[][] {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let at = 0;
  const endRow = () => {
    rows.push(row);
    row = [];
  };
  while (at < input.length) {
    const { cell, next } = input[at] === '"' ? quotedCell(input, at) : plainCell(input, at);
    row.push(cell);
    at = next;
    const separator = input[at];
    if (separator === ',') {
      at += 1;
      // A comma at the very end still opens one last, empty cell.
      if (at === input.length) row.push('');
    } else if (separator === '\r' || separator === '\n') {
      at += input.startsWith('\r\n', at) ? 2 : 1;
      endRow();
    } else if (separator !== undefined) {
      throw new Error(`malformed CSV: ${JSON.stringify(separator)} after a cell at ${at}`);
    }
  }
  if (row.length > 0) endRow();
  return rows;
}

function plainCell(input: string, start: number): { cell: string; next: number } {
  let at = start;
  while (at < input.length && !',\r\n'.includes(input[at]!)) {
    if (input[at] === '"') throw new Error(`malformed CSV: a quote inside an unquoted cell at ${at}`);
    at += 1;
  }
  return { cell: input.slice(start, at), next: at };
}

function quotedCell(input: string, start: number): { cell: string; next: number } {
  let cell = '';
  let at = start + 1;
  for (;;) {
    const quote = input.indexOf('"', at);
    if (quote === -1) throw new Error(`malformed CSV: the quoted cell at ${start} never ends`);
    cell += input.slice(at, quote);
    if (input[quote + 1] !== '"') return { cell, next: quote + 1 };
    cell += '"';
    at = quote + 2;
  }
}
