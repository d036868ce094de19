import { z } from 'zod';
import { defineRoutes } from '../api/define';
import { cursorField, limitField, searchField } from './list-query';

/**
 * What an admin did (docs/behaviour.md §8.8). A new admin write adds its kind here and its label
 * beside it; the database keeps the kind as text, so a new kind needs no migration.
 */
export const auditKindLabels = {
  'tool.create': 'Tool added',
  'tool.edit': 'Tool edited',
  'tool.archive': 'Tool archived',
  'tool.delete': 'Tool deleted',
  'tool.restore': 'Tool restored',
  'stock.restock': 'Restocked',
  'stock.adjust': 'Stock adjusted',
  'order.ship': 'Order shipped',
  'order.cancel': 'Order cancelled',
  'order.refund': 'Order refunded',
  'user.make-admin': 'Made admin',
  'contact.state': 'Message marked',
  'review.hide': 'Review hidden',
  'review.restore': 'Review restored',
  'order-mail.retry': 'Order e-mail sent again',
  'company.approve': 'Trade account approved',
  'company.decline': 'Trade account declined',
  'company.member-role': 'Company member changed',
  'company.member-remove': 'Company member removed',
  'company.price': 'Contract price set',
  'company.price-remove': 'Contract price ended',
  'company.certificate-verify': 'Resale certificate verified',
  'company.certificate-reject': 'Resale certificate rejected',
  'tax.register': 'Tax registration added',
  'tax.edit': 'Tax registration changed',
  'tax.unregister': 'Tax registration ended',
  'company.terms': 'Payment terms set',
  'company.terms-end': 'Payment terms ended',
  'invoice.payment': 'Invoice payment recorded',
  'quote.price': 'Quote priced and sent',
} as const;
export type AuditKind = keyof typeof auditKindLabels;
export const auditKinds = Object.keys(auditKindLabels) as [AuditKind, ...AuditKind[]];

/** What an action acted on: `label` is readable (a tool's name, an account's e-mail). */
export const auditTargetTypes = [
  'tool',
  'order',
  'user',
  'contact-message',
  'review',
  'company',
  'tax-registration',
  'invoice',
  'quote',
] as const;
export type AuditTargetType = (typeof auditTargetTypes)[number];

/** The fields an action changed, flat: name to value, as the API shows them elsewhere. */
const auditValues = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type AuditValues = z.infer<typeof auditValues>;

export const auditEventSchema = z.object({
  _id: z.string(),
  /** When the action's transaction wrote it (ISO 8601). */
  at: z.string(),
  /** The acting admin; e-mail and name as they were at the time. */
  actor: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
  }),
  // Text rather than the enum: a row of a kind this build does not know still reads.
  kind: z.string(),
  target: z.object({ type: z.string(), id: z.string(), label: z.string() }),
  /** The changed fields before and after; null where the action has no such side (an add). */
  before: auditValues.nullable(),
  after: auditValues.nullable(),
  /** The admin's own words: a restock's note, an adjustment's reason. */
  note: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditListQuery = z.strictObject({
  /** Part of the acting admin's e-mail or name. */
  actor: searchField.optional(),
  kind: z.enum(auditKinds, { error: `kind must be one of: ${auditKinds.join(', ')}` }).optional(),
  limit: limitField.optional(),
  cursor: cursorField.optional(),
});
export type AuditListQuery = z.output<typeof auditListQuery>;

export const auditRoutes = defineRoutes({
  'GET /audit-events': {
    access: 'admin',
    tags: ['audit'],
    summary: 'The audit trail: every admin action, newest first, filtered by actor and kind (admin)',
    description:
      'Always one page: at most `limit` events (default 24, 1 to 100) and, when more follow, a ' +
      '`Link: <…>; rel="next"` header with the next page\'s address (its `cursor`).',
    query: auditListQuery,
    response: { status: 200, schema: z.array(auditEventSchema) },
  },
});
