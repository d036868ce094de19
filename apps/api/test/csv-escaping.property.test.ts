import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvOptions } from '../src/modules/ordering/orders/export-orders';
import { readSpreadsheetCsv } from './helpers/spreadsheet-csv';

// docs/behaviour.md §5.17: whatever a customer typed, a spreadsheet gets back exactly the rows
// and cells the export wrote, and no line of any cell starts as a formula.

/** The first characters a spreadsheet starts a formula (or a hidden line) with. */
const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'];
const LINE_BREAK = /(\r\n|\r|\n)/;

const startsFormula = (text: string) => FORMULA_STARTS.some((start) => text.startsWith(start));

/**
 * The cell as the export must write it: an apostrophe at the start of every line of the cell
 * that starts with a formula character. A line break that is a bare CR (or a CRLF) after an
 * empty line starts that line with CR, itself a formula character.
 */
function expectedCell(value: string): string {
  const parts = value.split(LINE_BREAK); // lines at even indexes, the breaks between them at odd
  return parts
    .map((part, index) => {
      if (index % 2 === 1) return part;
      const startsWithCr = part === '' && (parts[index + 1] ?? '').startsWith('\r');
      return startsFormula(part) || startsWithCr ? `'${part}` : part;
    })
    .join('');
}

/** Text that often starts with a formula character, a quote or a comma. */
const line = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc
    .tuple(
      fc.constantFrom(...FORMULA_STARTS, '"', ',', "'", ' ='),
      fc.string({ unit: 'binary', maxLength: 12 }),
    )
    .map(([start, rest]) => start + rest),
);

/** Any text, often of several lines, joined by any of the three line breaks. */
const cellText = fc.oneof(
  line,
  fc
    .array(fc.oneof(line, fc.constantFrom('\n', '\r', '\r\n')), { minLength: 2, maxLength: 8 })
    .map((parts) => parts.join('')),
);

const width = csvOptions.columns.length;
const record = fc.array(cellText, { minLength: width, maxLength: width });

describe('CSV cells read back exactly', () => {
  it('any records: a spreadsheet reads the header, the same rows and every cell as written', () => {
    fc.assert(
      fc.property(fc.array(record, { minLength: 1, maxLength: 5 }), (records) => {
        const [header, ...rows] = readSpreadsheetCsv(stringify(records, csvOptions));
        expect(header).toEqual(csvOptions.columns);
        expect(rows).toEqual(records.map((cells) => cells.map(expectedCell)));
      }),
      { numRuns: 500 },
    );
  });

  it('a well-kept parser (csv-parse) agrees with the spreadsheet', () => {
    fc.assert(
      fc.property(record, (cells) => {
        const csv = stringify([cells], csvOptions);
        expect(parse(csv, { bom: true })).toEqual(readSpreadsheetCsv(csv));
      }),
      { numRuns: 300 },
    );
  });

  it('no line of any cell read back starts with a formula character', () => {
    fc.assert(
      fc.property(record, (cells) => {
        const [, row, ...more] = readSpreadsheetCsv(stringify([cells], csvOptions));
        expect(more).toEqual([]);
        for (const cell of row!) {
          expect(cell.startsWith('\r')).toBe(false);
          for (const text of cell.split(/\r\n|\r|\n/))
            expect(startsFormula(text), JSON.stringify(cell)).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('examples: quotes doubled, formulas defused, plain text untouched', () => {
    const csv = stringify(
      [['=1+2', 'say "hi"', '@SUM(A1)', 'plain', ...Array(width - 4).fill('')]],
      csvOptions,
    );
    expect(csv).toContain(`'=1+2,"say ""hi""",'@SUM(A1),plain`);
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('examples: a cell with a line break is quoted, and each of its lines is defused', () => {
    const cells = [
      '1 Main St\n=HYPERLINK("http://evil.test")',
      'a\r+1',
      'b\r\n-2',
      'c\n\t@x',
      'plain\nlines',
      ...Array(width - 5).fill(''),
    ];
    const csv = stringify([cells], csvOptions);
    expect(csv).toContain(
      `"1 Main St\n'=HYPERLINK(""http://evil.test"")","a\r'+1","b\r\n'-2","c\n'\t@x","plain\nlines"`,
    );
    expect(readSpreadsheetCsv(csv)).toHaveLength(2);
  });
});
