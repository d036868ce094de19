import type { Seller } from '../../config';
import PDFDocument from 'pdfkit';
import { pdfFonts, type FontWeight } from './pdf-fonts';

/** One column of a lines table: its heading, its share of the width, and how its cells align. */
export interface TableColumn {
  header: string;
  /** A share of the table's width, against the other columns' shares. */
  width: number;
  /** Money and quantities align right, so that their digits line up. */
  align?: 'left' | 'right';
}

/** A cell: its text, and a smaller grey line under it (a tool's SKU). */
export type TableCell = string | { text: string; note?: string | null };

export interface TotalsRow {
  label: string;
  value: string;
  /** The amount due or paid: bold and a little larger, under a rule. */
  strong?: boolean;
}

export interface DocumentOptions {
  /** The PDF's title (its properties, the viewer's window). */
  title: string;
  /** Who made it: the shop's name. */
  author: string;
  /** Lines at the foot of every page, beside 'Page n of m'; each is kept to one line. */
  footer: readonly string[];
}

const MARGIN = 50;
const SIZE = { body: 9.5, small: 8, heading: 11, shop: 15, title: 20, strong: 11 } as const;
const GREY = '#555555';
const RULE = '#bbbbbb';
const FAINT_RULE = '#e3e3e3';
const CELL_PADDING = { x: 4, y: 5 } as const;

/**
 * A small layout toolkit over PDFKit for the shop's documents (the receipt, later the invoice):
 * blocks stacked down an A4 page (a header with the shop's details, label and value fields,
 * parties side by side, a lines table, totals, paragraphs), a new page wherever the next block or
 * table row would not fit (the table's header again at its top), and footer lines with the page
 * number on every page. Every text goes through the font's `printable`, so nothing a customer
 * typed can break a render.
 */
export class PdfDocument {
  private readonly doc: PDFKit.PDFDocument;
  private readonly done: Promise<Buffer>;
  private readonly footer: readonly string[];
  private readonly fonts = pdfFonts();
  /** Where the next block starts. */
  private y = MARGIN;
  /** The last table's last column, which the totals' amounts line up with. */
  private amountColumn: { x: number; width: number } | null = null;

  constructor({ title, author, footer }: DocumentOptions) {
    this.footer = footer;
    this.doc = new PDFDocument({
      size: 'A4',
      margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + this.footerHeight() },
      bufferPages: true,
      // Properties are Unicode strings of their own: no font draws them.
      info: { Title: title, Author: author },
      displayTitle: true,
      lang: 'en',
    });
    for (const [name, font] of Object.entries(this.fonts)) this.doc.registerFont(name, font.data);
    const chunks: Buffer[] = [];
    this.done = new Promise((resolve, reject) => {
      this.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      this.doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.doc.on('error', reject);
    });
  }

  private get left() {
    return MARGIN;
  }
  private get width() {
    return this.doc.page.width - 2 * MARGIN;
  }
  /** The lowest point a block may reach: above the footer. */
  private get bottom() {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /** The footer's lines, the first with the page number at its right, over a rule. */
  private footerHeight(): number {
    return Math.max(this.footer.length, 1) * (SIZE.small + 4) + 12;
  }

  private use(weight: FontWeight, size: number, color = 'black'): this {
    this.doc.font(weight).fontSize(size).fillColor(color);
    return this;
  }

  /** The text as the font in use prints it. */
  private printable(text: string, weight: FontWeight): string {
    return this.fonts[weight].printable(text);
  }

  private heightOf(text: string, weight: FontWeight, size: number, width: number): number {
    this.use(weight, size);
    return this.doc.heightOfString(this.printable(text, weight) || ' ', { width });
  }

  /** Writes text at a point, within a width; it never starts a page of its own. */
  private write(
    text: string,
    at: { x: number; y: number; width: number; height?: number },
    style: { weight?: FontWeight; size?: number; color?: string; align?: 'left' | 'right' } = {},
  ): void {
    const { weight = 'regular', size = SIZE.body, color = 'black', align = 'left' } = style;
    this.use(weight, size, color);
    this.doc.text(this.printable(text, weight), at.x, at.y, {
      width: at.width,
      align,
      // A cell taller than a page (it never is in practice) is cut short with an ellipsis.
      height: at.height ?? this.bottom - at.y,
      ellipsis: true,
    });
  }

  private rule(y: number, color = RULE, width = 0.75): void {
    this.doc
      .moveTo(this.left, y)
      .lineTo(this.left + this.width, y)
      .lineWidth(width)
      .strokeColor(color)
      .stroke();
  }

  /** Starts a new page when `height` does not fit below the current point (and the page holds something). */
  private ensureRoom(height: number): boolean {
    if (this.y + height <= this.bottom || this.y <= this.doc.page.margins.top) return false;
    this.doc.addPage();
    this.y = this.doc.page.margins.top;
    return true;
  }

  private gap(points: number): this {
    this.y += points;
    return this;
  }

  /** The shop's name, address, e-mail and tax number on the left; the document's title and its lines on the right. */
  header(shop: Seller, heading: { title: string; lines?: readonly string[] }): this {
    const half = this.width / 2;
    const top = this.y;
    let left = top;
    this.write(shop.name, { x: this.left, y: left, width: half }, { weight: 'bold', size: SIZE.shop });
    left += this.heightOf(shop.name, 'bold', SIZE.shop, half) + 4;
    const details = [
      ...shop.addressLines,
      shop.email,
      ...(shop.taxNumber ? [`Tax number ${shop.taxNumber}`] : []),
    ];
    for (const line of details) {
      this.write(line, { x: this.left, y: left, width: half });
      left += this.heightOf(line, 'regular', SIZE.body, half) + 1;
    }
    let right = top;
    const x = this.left + half;
    this.write(
      heading.title,
      { x, y: right, width: half },
      { weight: 'bold', size: SIZE.title, align: 'right' },
    );
    right += this.heightOf(heading.title, 'bold', SIZE.title, half) + 2;
    for (const line of heading.lines ?? []) {
      this.write(line, { x, y: right, width: half }, { align: 'right' });
      right += this.heightOf(line, 'regular', SIZE.body, half) + 1;
    }
    this.y = Math.max(left, right) + 12;
    this.rule(this.y);
    return this.gap(14);
  }

  /** Labels and their values, one pair a row (the order number, its dates, a PO number). */
  fields(rows: readonly (readonly [label: string, value: string])[]): this {
    const labelWidth = 110;
    const valueWidth = this.width - labelWidth;
    for (const [label, value] of rows) {
      const height = Math.max(
        this.heightOf(label, 'bold', SIZE.body, labelWidth - 8),
        this.heightOf(value, 'regular', SIZE.body, valueWidth),
      );
      this.ensureRoom(height);
      this.write(label, { x: this.left, y: this.y, width: labelWidth - 8 }, { weight: 'bold' });
      this.write(value, { x: this.left + labelWidth, y: this.y, width: valueWidth });
      this.y += height + 3;
    }
    return this.gap(10);
  }

  /** Blocks side by side, each a heading and its lines: the customer; an invoice's seller and buyer. */
  parties(blocks: readonly { heading: string; lines: readonly string[] }[]): this {
    const gutter = 16;
    const width = (this.width - gutter * (blocks.length - 1)) / blocks.length;
    const heights = blocks.map(
      ({ heading, lines }) =>
        this.heightOf(heading, 'bold', SIZE.heading, width) +
        4 +
        lines.reduce((sum, line) => sum + this.heightOf(line, 'regular', SIZE.body, width) + 1, 0),
    );
    this.ensureRoom(Math.max(...heights));
    blocks.forEach(({ heading, lines }, index) => {
      const x = this.left + index * (width + gutter);
      let y = this.y;
      this.write(heading, { x, y, width }, { weight: 'bold', size: SIZE.heading });
      y += this.heightOf(heading, 'bold', SIZE.heading, width) + 4;
      for (const line of lines) {
        this.write(line, { x, y, width });
        y += this.heightOf(line, 'regular', SIZE.body, width) + 1;
      }
    });
    this.y += Math.max(...heights);
    return this.gap(16);
  }

  /**
   * A table of lines: a header row, then a row per line, each as tall as its tallest cell. A row
   * that does not fit goes to a new page, under the header again; a row is never split.
   */
  table(columns: readonly TableColumn[], rows: readonly (readonly TableCell[])[]): this {
    const shares = columns.reduce((sum, column) => sum + column.width, 0);
    let x = this.left;
    const boxes = columns.map((column) => {
      const width = (column.width / shares) * this.width;
      const box = { x, width, inner: width - 2 * CELL_PADDING.x, align: column.align ?? 'left' };
      x += width;
      return box;
    });
    const last = boxes[boxes.length - 1];
    this.amountColumn = last ? { x: last.x, width: last.width } : null;

    const headerHeight =
      Math.max(
        ...columns.map((column, i) => this.heightOf(column.header, 'bold', SIZE.body, boxes[i]!.inner)),
      ) +
      2 * CELL_PADDING.y;
    const drawHeader = () => {
      columns.forEach((column, i) => {
        const box = boxes[i]!;
        this.write(
          column.header,
          { x: box.x + CELL_PADDING.x, y: this.y + CELL_PADDING.y, width: box.inner },
          { weight: 'bold', align: box.align },
        );
      });
      this.y += headerHeight;
      this.rule(this.y);
    };
    const partsOf = (cell: TableCell | undefined) =>
      typeof cell === 'object' ? cell : { text: cell ?? '', note: null };
    const cellHeight = (cell: TableCell | undefined, inner: number) => {
      const { text, note } = partsOf(cell);
      return (
        this.heightOf(text, 'regular', SIZE.body, inner) +
        (note ? 1 + this.heightOf(note, 'regular', SIZE.small, inner) : 0)
      );
    };
    // A row is at most a page under the header: a taller one is cut short (it never is in practice).
    const pageRoom = this.bottom - this.doc.page.margins.top - headerHeight;
    const heights = rows.map((row) =>
      Math.min(
        Math.max(...boxes.map((box, i) => cellHeight(row[i], box.inner))) + 2 * CELL_PADDING.y,
        pageRoom,
      ),
    );

    // The header never sits alone at the foot of a page: it goes with the first row.
    this.ensureRoom(headerHeight + (heights[0] ?? 0));
    drawHeader();
    rows.forEach((row, index) => {
      const height = heights[index]!;
      if (this.ensureRoom(height)) drawHeader();
      boxes.forEach((box, i) => {
        const { text, note } = partsOf(row[i]);
        const at = { x: box.x + CELL_PADDING.x, width: box.inner };
        let y = this.y + CELL_PADDING.y;
        const limit = this.y + height - CELL_PADDING.y;
        this.write(text, { ...at, y, height: limit - y + 1 }, { align: box.align });
        y += this.heightOf(text, 'regular', SIZE.body, box.inner) + 1;
        if (note && y < limit) {
          this.write(
            note,
            { ...at, y, height: limit - y + 1 },
            { size: SIZE.small, color: GREY, align: box.align },
          );
        }
      });
      this.y += height;
      this.rule(this.y, FAINT_RULE, 0.5);
    });
    return this.gap(8);
  }

  /** Labels and amounts at the right, the amounts under the last table's last column; kept together. */
  totals(rows: readonly TotalsRow[]): this {
    const amount = this.amountColumn ?? { x: this.left + this.width - 90, width: 90 };
    const labelWidth = 240;
    const labelX = amount.x - labelWidth;
    const valueBox = { x: amount.x + CELL_PADDING.x, width: amount.width - 2 * CELL_PADDING.x };
    const styleOf = (row: TotalsRow) =>
      row.strong
        ? { weight: 'bold' as const, size: SIZE.strong }
        : { weight: 'regular' as const, size: SIZE.body };
    const heights = rows.map((row) => {
      const { weight, size } = styleOf(row);
      const text = Math.max(
        this.heightOf(row.label, weight, size, labelWidth - 8),
        this.heightOf(row.value, weight, size, valueBox.width),
      );
      return text + 4 + (row.strong ? 6 : 0);
    });
    this.ensureRoom(heights.reduce((sum, height) => sum + height, 0));
    rows.forEach((row, i) => {
      const style = { ...styleOf(row), align: 'right' as const };
      let y = this.y;
      if (row.strong) {
        this.doc
          .moveTo(labelX, y)
          .lineTo(amount.x + amount.width, y)
          .lineWidth(0.75)
          .strokeColor(RULE)
          .stroke();
        y += 6;
      }
      this.write(row.label, { x: labelX, y, width: labelWidth - 8 }, style);
      this.write(row.value, { ...valueBox, y }, style);
      this.y += heights[i]!;
    });
    return this.gap(12);
  }

  /** A paragraph across the page. */
  paragraph(text: string): this {
    const height = this.heightOf(text, 'regular', SIZE.body, this.width);
    this.ensureRoom(height);
    this.write(text, { x: this.left, y: this.y, width: this.width });
    this.y += height;
    return this.gap(8);
  }

  /** Writes the footers, ends the document and answers its bytes. */
  async toBuffer(): Promise<Buffer> {
    const { start, count } = this.doc.bufferedPageRange();
    for (let index = start; index < start + count; index++) {
      this.doc.switchToPage(index);
      // The footer sits in the bottom margin, where PDFKit would otherwise start a new page.
      const bottomMargin = this.doc.page.margins.bottom;
      this.doc.page.margins.bottom = 0;
      let y = this.doc.page.height - MARGIN - this.footerHeight() + 12;
      this.rule(y - 6, FAINT_RULE, 0.5);
      const small = { size: SIZE.small, color: GREY };
      const pageNumberWidth = 70;
      this.write(
        `Page ${index - start + 1} of ${count}`,
        { x: this.left + this.width - pageNumberWidth, y, width: pageNumberWidth },
        { ...small, align: 'right' },
      );
      for (const line of this.footer) {
        this.write(
          line,
          { x: this.left, y, width: this.width - pageNumberWidth - 8, height: SIZE.small + 4 },
          small,
        );
        y += SIZE.small + 4;
      }
      this.doc.page.margins.bottom = bottomMargin;
    }
    this.doc.end();
    return this.done;
  }
}
