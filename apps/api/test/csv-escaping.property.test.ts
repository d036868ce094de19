import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvOptions } from '../src/modules/orders/export-orders';

// docs/behaviour.md §21.3: whatever a customer typed, a CSV reader gets back exactly the cell the
// export wrote, and no cell starts as a formula.

/** The first characters a spreadsheet starts a formula (or a hidden line) with. */
const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'];

/** The cell as the export writes it: an apostrophe before a formula's first character. */
const expectedCell = (value: string) =>
  FORMULA_STARTS.some((start) => value.startsWith(start)) ? `'${value}` : value;

/** Any text, often starting with a formula character, a quote, a comma or a line break. */
const cellText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc
    .tuple(
      fc.constantFrom(...FORMULA_STARTS, '"', ',', '\n', '\r\n', "'", ' ='),
      fc.string({ unit: 'binary', maxLength: 20 }),
    )
    .map(([start, rest]) => start + rest),
);

const width = csvOptions.columns.length;
const record = fc.array(cellText, { minLength: width, maxLength: width });

describe('CSV cells read back exactly', () => {
  it('any records: a CSV parser reads the header and every cell as written', () => {
    fc.assert(
      fc.property(fc.array(record, { minLength: 1, maxLength: 5 }), (records) => {
        const csv = stringify(records, csvOptions);
        const [header, ...rows] = parse(csv, { bom: true }) as string[][];
        expect(header).toEqual(csvOptions.columns);
        expect(rows).toEqual(records.map((cells) => cells.map(expectedCell)));
      }),
      { numRuns: 500 },
    );
  });

  it('no cell read back starts with a formula character', () => {
    fc.assert(
      fc.property(record, (cells) => {
        const [, row] = parse(stringify([cells], csvOptions), { bom: true }) as string[][];
        for (const cell of row!) expect(FORMULA_STARTS.some((start) => cell.startsWith(start))).toBe(false);
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
});
