import { describe, expect, it } from 'vitest';
import { MAX_QUICK_ORDER_ROWS, parseQuickOrderText } from './quick-order-text';

const rowsOf = (text: string) => parseQuickOrderText(text).rows.map(({ sku, quantity }) => [sku, quantity]);

describe('the quick-order pad reads SKU and quantity lines', () => {
  it('takes spaces, tabs, commas and semicolons between the SKU and the quantity', () => {
    expect(rowsOf('BR-25 48\nRL-9\t60\nTR-3,12\nKN-75;6\nMX-1   3')).toEqual([
      ['BR-25', 48],
      ['RL-9', 60],
      ['TR-3', 12],
      ['KN-75', 6],
      ['MX-1', 3],
    ]);
  });

  it('keeps a SKU as text: 007 stays 007, 1.10 stays 1.10', () => {
    expect(rowsOf('007 12\n1.10,24\n00.5\t1')).toEqual([
      ['007', 12],
      ['1.10', 24],
      ['00.5', 1],
    ]);
  });

  it('reads quantities grouped by thousands where the grouping cannot be a separator', () => {
    expect(rowsOf('BR-25 1,200\nRL-9\t12,000\nTR-3;1.200\nKN-75 1\'500\nMX-1 "2,400"\nPL-2,"1,000"')).toEqual(
      [
        ['BR-25', 1200],
        ['RL-9', 12000],
        ['TR-3', 1200],
        ['KN-75', 1500],
        ['MX-1', 2400],
        ['PL-2', 1000],
      ],
    );
  });

  it('asks rather than guesses when an unquoted comma could both separate and group', () => {
    const parsed = parseQuickOrderText('BR-25,1,200\nRL-9,12,note');
    expect(parsed.problems).toEqual([
      {
        line: 1,
        text: 'BR-25,1,200',
        message: 'Is the quantity 1 or 1,200? Write it without the comma, or in quotes',
      },
    ]);
    expect(parsed.rows).toEqual([{ line: 2, sku: 'RL-9', quantity: 12 }]);
  });

  it('reads a header row for its columns and ignores the other columns wherever they sit', () => {
    const text = 'Description;Part no;Qty;Colour\nWall brush;BR-25;48;white\nRoller;RL-9;1.200;blue';
    expect(rowsOf(text)).toEqual([
      ['BR-25', 48],
      ['RL-9', 1200],
    ]);
    expect(rowsOf('sku,quantity\n007,12')).toEqual([['007', 12]]);
  });

  it('refuses a comma-separated row wider than its header instead of reading 1,200 as 1', () => {
    const parsed = parseQuickOrderText('sku,quantity\nBR-25,1,200\nRL-9,"1,200"');
    expect(parsed.problems.map(({ line, message }) => [line, message])).toEqual([
      [
        2,
        'This line has more columns than the header: write a quantity such as 1,200 without the comma, or in quotes',
      ],
    ]);
    expect(parsed.rows).toEqual([{ line: 3, sku: 'RL-9', quantity: 1200 }]);
  });

  it('skips blank lines, counting them in the line numbers, and names every malformed line', () => {
    const text = [
      'BR-25 48',
      '',
      '   ',
      'RL-9',
      'BR_25 3',
      'TR-3 1.5',
      'KN-75 0',
      'MX-1 -4',
      '"PL-2 4',
      'AR-5 24',
      'SG-1 2000000',
    ].join('\n');
    const parsed = parseQuickOrderText(text);
    expect(parsed.rows).toEqual([
      { line: 1, sku: 'BR-25', quantity: 48 },
      { line: 10, sku: 'AR-5', quantity: 24 },
    ]);
    expect(parsed.problems.map(({ line, message }) => [line, message])).toEqual([
      [4, 'No quantity after RL-9'],
      [5, '"BR_25" is not a SKU: SKUs hold letters, digits, dots and dashes'],
      [6, '"1.5" is not a quantity: write a whole number such as 48 or 1,200'],
      [7, 'The quantity must be at least 1'],
      [8, '"-4" is not a quantity: write a whole number such as 48 or 1,200'],
      [9, 'A quotation mark is not closed'],
      [11, 'The quantity must be at most 1,000,000'],
    ]);
  });

  it('keeps rows of the same SKU as rows: merging them is the API’s, which says so', () => {
    expect(rowsOf('BR-25 24\nbr-25 24')).toEqual([
      ['BR-25', 24],
      ['br-25', 24],
    ]);
  });

  it('takes Windows line ends and a byte order mark from a spreadsheet’s file', () => {
    expect(rowsOf('\uFEFFsku,quantity\r\nBR-25,48\r\nRL-9,60\r\n')).toEqual([
      ['BR-25', 48],
      ['RL-9', 60],
    ]);
  });

  it(`takes ${MAX_QUICK_ORDER_ROWS} rows and refuses ${MAX_QUICK_ORDER_ROWS + 1}, adding none`, () => {
    const lines = (count: number) => Array.from({ length: count }, (_, i) => `T-${i} 1`).join('\n');
    expect(parseQuickOrderText(`sku qty\n${lines(MAX_QUICK_ORDER_ROWS)}`).rows).toHaveLength(
      MAX_QUICK_ORDER_ROWS,
    );
    const over = parseQuickOrderText(lines(MAX_QUICK_ORDER_ROWS + 1));
    expect(over.rows).toEqual([]);
    expect(over.refusal).toBe('At most 200 rows at a time: this has 201. Split it in two.');
  });
});
