import type { AuditEvent } from '@shop/shared/contracts/audit';
import { auditKindLabels } from '@shop/shared/contracts/audit';
import { toolCategoryLabels, type ToolCategory } from '@shop/shared/categories';
import { UNCATEGORISED } from '@/lib/domain/tool';

/** The trail's field names (the API's) as the admin screens call them. */
const fieldLabels: Record<string, string> = {
  name: 'Name',
  description: 'Description',
  category: 'Category',
  img: 'Picture',
  availableQuantity: 'Stock',
  orderQuantity: 'Minimum order',
  perPartsPrice: 'Unit price',
  lowStockThreshold: 'Low-stock threshold',
  archived: 'Archived',
  ship: 'Shipped',
  role: 'Role',
  state: 'State',
  carrier: 'Carrier',
  trackingNumber: 'Tracking number',
  hidden: 'Hidden',
  reason: 'Reason',
};

const fieldOrder = Object.keys(fieldLabels);

const fieldLabel = (field: string) => fieldLabels[field] ?? field;

type Value = string | number | boolean | null | undefined;

/** What no value means, for the fields where it means more than 'none'. */
const noValueLabels: Record<string, string> = {
  lowStockThreshold: 'default',
  category: UNCATEGORISED,
};

/** A value as a person reads it: dollars with a sign, yes/no, 'default' for an unset threshold. */
function formatValue(field: string, value: Value): string {
  if (value === null || value === undefined) return noValueLabels[field] ?? 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (field === 'perPartsPrice' && typeof value === 'number') return `$${value}`;
  if (field === 'category') return toolCategoryLabels[value as ToolCategory] ?? String(value);
  return String(value);
}

export const kindLabel = (kind: string) => auditKindLabels[kind as keyof typeof auditKindLabels] ?? kind;

export interface Change {
  field: string;
  label: string;
  before?: string;
  after?: string;
}

/**
 * One line per field: before and after when the action had both (an edit), the one side
 * otherwise (what an added tool was given, what a deleted one had).
 */
export function changesOf({ before, after }: Pick<AuditEvent, 'before' | 'after'>): Change[] {
  // In the admin screens' order (the database keeps its own order of keys), unknown fields last.
  const rank = (field: string) => {
    const index = fieldOrder.indexOf(field);
    return index === -1 ? fieldOrder.length : index;
  };
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort(
    (a, b) => rank(a) - rank(b),
  );
  return fields.map((field) => ({
    field,
    label: fieldLabel(field),
    ...(before && { before: formatValue(field, before[field]) }),
    ...(after && { after: formatValue(field, after[field]) }),
  }));
}

const at = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });
export const formatAt = (iso: string) => at.format(new Date(iso));
