/**
 * Documents: the shop's PDFs (docs/behaviour.md §5.16), laid out by one small toolkit
 * (pdf-layout.ts: the seller's header, fields, parties, a lines table over pages, totals,
 * footers) in an embedded font that prints any Latin, Greek or Cyrillic name. The receipt now;
 * an invoice is another file of the same blocks. Builds on ordering, which reads the order.
 */
export { documentsRoutes } from './documents.routes';
