import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { Receipt } from '@shop/shared/contracts/receipts';
import { renderReceiptPdf } from '../src/modules/documents/receipt-pdf';
import { printable } from '../src/modules/documents/pdf-fonts';
import { PdfDocument } from '../src/modules/documents/pdf-layout';
import type { Seller } from '../src/config';

// The documents' toolkit (apps/api/src/modules/documents): what any text becomes, and blocks
// that break over pages. receipt-pdf.test.ts reads the receipt back through the API.

const shop: Seller = {
  name: 'Brushworks Ltd',
  addressLines: ['14 Bristle Lane', 'Sheffield S9 2RT'],
  email: 'sales@brushworks.example',
  taxNumber: null,
};

const receipt: Receipt = {
  orderId: '3f1c2a9e-1b2c-4d5e-8f90-123456789abc',
  shop: { name: 'ignored', addressLines: [], email: 'ignored@example.com' },
  placedAt: '2026-11-19T09:30:00.000Z',
  paidAt: '2026-11-20T09:45:00.000Z',
  customer: {
    name: 'Zoë O’Brien',
    email: 'zoe@shop.test',
    phoneNumber: '01711000000',
    address: '1 Easel Street\nŁódź',
  },
  items: [{ tool: 'Flat Wall Brush', sku: 'FB-12', quantity: 1200, unitPrice: 1.5, amount: 1800 }],
  itemsTotal: 1800,
  shipping: 25,
  tax: 0,
  taxLines: [],
  total: 1825,
  transactionId: 'pi_demo_123',
  poNumber: null,
  note: null,
};

async function pagesOf(pdf: Buffer): Promise<string[]> {
  return (await extractText(await getDocumentProxy(new Uint8Array(pdf)))).text;
}

describe('printable text', () => {
  const latinOnly = (codePoint: number) => codePoint < 0x2000;

  it('composes accents, keeps line ends, and leaves control and format characters out', () => {
    expect(printable('Zoe\u0308', latinOnly)).toBe('Zoë');
    expect(printable('a\r\nb\rc\td', latinOnly)).toBe('a\nb\nc d');
    expect(printable('x\u0000\u0007y\u200Bz\uFE0F', latinOnly)).toBe('xyz');
  });

  it('prints a character the font lacks as U+FFFD, one for each', () => {
    expect(printable('株式会社 Tanaka', latinOnly)).toBe('\uFFFD\uFFFD\uFFFD\uFFFD Tanaka');
    expect(printable('👍', latinOnly)).toBe('\uFFFD');
  });
});

describe('the PDF toolkit', () => {
  it('prints names of many scripts and the currency signs; characters the font lacks print as U+FFFD', async () => {
    const names = 'Łódź · Zoë · O’Brien · Ελληνικά · Кириллица · Şişli · Nguyễn · € £ $ · “quotes” – dash';
    const pdf = await renderReceiptPdf(
      {
        ...receipt,
        customer: { ...receipt.customer, name: names },
        items: [{ ...receipt.items[0]!, tool: 'Pinceau 株式会社 👍' }],
      },
      { ...shop, taxNumber: 'GB123456789' },
    );
    const [text] = await pagesOf(pdf);
    expect(text).toContain(names);
    expect(text).toContain('Pinceau \uFFFD\uFFFD\uFFFD\uFFFD \uFFFD');
    expect(text).toContain('Tax number GB123456789');
    expect(text).toContain('1,200');
    expect(text).toContain('$1.50');
    expect(text).toContain('$1,825');
  });

  it('shows the tax the order froze: a row per line, with its reason when untaxed', async () => {
    const line = {
      jurisdiction: 'GB',
      label: 'VAT',
      rate: 20,
      taxable: 1825,
      amount: 365,
      reference: null,
      reversedAt: null,
    };
    const taxed = await pagesOf(
      await renderReceiptPdf(
        { ...receipt, tax: 365, taxLines: [{ ...line, reason: 'taxed' }], total: 2190 },
        shop,
      ),
    );
    expect(taxed[0]).toMatch(/Shipping\s+\$25\s+VAT GB 20 %\s+\$365\s+Total paid\s+\$2,190/);
    const reverseCharge = await pagesOf(
      await renderReceiptPdf(
        {
          ...receipt,
          taxLines: [{ ...line, reason: 'reverse-charge', rate: 0, amount: 0, reference: 'DE123456789' }],
        },
        shop,
      ),
    );
    expect(reverseCharge[0]).toMatch(/Reverse charge \(VAT DE123456789\)\s+\$0/);
    const notRegistered = await pagesOf(
      await renderReceiptPdf(
        { ...receipt, taxLines: [{ ...line, label: 'Tax', reason: 'not-registered', rate: 0, amount: 0 }] },
        shop,
      ),
    );
    expect(notRegistered[0]).toMatch(/Shipping\s+\$25\s+Not registered: no tax\s+\$0\s+Total paid\s+\$1,825/);
    // An order placed before tax has no tax row.
    expect((await pagesOf(await renderReceiptPdf(receipt, shop)))[0]).toMatch(/Shipping\s+\$25\s+Total paid/);
  });

  it('lays out another document from the same blocks: two parties, a table, totals', async () => {
    const pdf = await new PdfDocument({ title: 'Invoice 42', author: shop.name, footer: ['Thank you'] })
      .header(shop, { title: 'Invoice', lines: ['No. 42'] })
      .parties([
        { heading: 'Bill to', lines: ['Dana & Sons Ltd', '4 Trim Lane'] },
        { heading: 'Ship to', lines: ['Dana Decorator', '9 Gate Road'] },
      ])
      .table(
        [
          { header: 'Item', width: 3 },
          { header: 'Net', width: 1, align: 'right' },
        ],
        [[{ text: 'Roller', note: 'SKU R-1' }, '$4']],
      )
      .totals([{ label: 'Total due', value: '$4', strong: true }])
      .toBuffer();
    const [text] = await pagesOf(pdf);
    for (const part of [
      'Invoice',
      'No. 42',
      'Bill to',
      'Ship to',
      'Dana & Sons Ltd',
      '9 Gate Road',
      'SKU R-1',
    ]) {
      expect(text).toContain(part);
    }
    expect(text).toMatch(/Total due\s+\$4/);
    expect(text).toContain('Page 1 of 1');
  });

  it('cuts a cell taller than a page short rather than breaking the render', async () => {
    const pdf = await new PdfDocument({ title: 'Long', author: shop.name, footer: [] })
      .table([{ header: 'Item', width: 1 }], [['word '.repeat(5000)], ['After']])
      .toBuffer();
    const pages = await pagesOf(pdf);
    // The long row fills the first page under the header; the next goes on the second.
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('word word');
    expect(pages[1]).toContain('After');
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
  });
});
