import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';

/**
 * The documents' typeface: DejaVu Sans, embedded (only the glyphs used). PDF's standard Helvetica
 * knows WinAnsi only, about 200 characters; DejaVu Sans has nearly 6,000: every Latin script
 * (Łódź, Zoë, Şişli, Nguyễn), Greek, Cyrillic, typographic quotes and dashes, and the currency
 * signs. It has no Chinese, Japanese or Korean: such a character prints as U+FFFD (�), so a
 * document never shows an empty box or breaks on what a customer typed.
 */
const require = createRequire(import.meta.url);
const FILES = {
  regular: () => require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: () => require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};
export type FontWeight = keyof typeof FILES;

const REPLACEMENT = '\uFFFD';

export interface PdfFont {
  /** The TrueType file, for PDFDocument.registerFont. */
  data: Buffer;
  /** Text as this font can print it (printable below). */
  printable: (text: string) => string;
}

let fonts: Record<FontWeight, PdfFont> | undefined;

/** The fonts, read once on the first document: the API starts without them. */
export function pdfFonts(): Record<FontWeight, PdfFont> {
  fonts ??= {
    regular: loadFont(FILES.regular()),
    bold: loadFont(FILES.bold()),
  };
  return fonts;
}

function loadFont(file: string): PdfFont {
  const data = readFileSync(file);
  const font = create(data) as Font;
  return { data, printable: (text) => printable(text, (codePoint) => font.hasGlyphForCodePoint(codePoint)) };
}

/**
 * Text a font can print: composed (NFC, so 'e' and a combining diaeresis become 'ë'), line ends
 * as '\n', tabs as spaces, other control and format characters and variation selectors left out,
 * and any character the font has no glyph for as U+FFFD.
 */
export function printable(text: string, hasGlyph: (codePoint: number) => boolean): string {
  let out = '';
  for (const char of text.normalize('NFC').replace(/\r\n?/g, '\n')) {
    if (char === '\n') out += char;
    else if (char === '\t') out += ' ';
    else if (/[\p{Cc}\p{Cf}\uFE00-\uFE0F]/u.test(char)) continue;
    else out += hasGlyph(char.codePointAt(0)!) ? char : REPLACEMENT;
  }
  return out;
}
