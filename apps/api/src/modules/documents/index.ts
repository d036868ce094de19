/**
 * Documents: the shop's PDFs (docs/behaviour.md §5.16), laid out by one small toolkit
 * (pdf-layout.ts: the seller's header, fields, parties, a lines table over pages, totals,
 * footers) in an embedded font that prints any Latin, Greek or Cyrillic name: the receipt and
 * the invoice. Builds on ordering, which reads the order. The renderers load on the first
 * document (documents.routes.ts says why).
 */
export { documentsRoutes } from './documents.routes';
export const loadInvoicePdf = () => import('./invoice-pdf');
