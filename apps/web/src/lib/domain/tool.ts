import type { RouteResponse } from '@shop/shared/api/routes';

/** A tool as the API sends it (docs/behaviour.md §4.1). */
export type ToolWire = RouteResponse<'GET /tool/:id'>;

/**
 * A tool as the web app reads it. Each field takes its type from the wire field it is mapped
 * from, so a change of the shared response schema shows up here as a type error.
 */
export interface Tool {
  id: ToolWire['_id'];
  name: ToolWire['name'];
  imageUrl: ToolWire['img'];
  availableQuantity: ToolWire['availableQuantity'];
  minOrderQuantity: ToolWire['orderQuantity'];
  /** In dollars. */
  unitPrice: ToolWire['perPartsPrice'];
  description: ToolWire['description'];
  createdAt: ToolWire['createdAt'];
}

export function toTool(wire: ToolWire): Tool {
  return {
    id: wire._id,
    name: wire.name,
    imageUrl: wire.img,
    availableQuantity: wire.availableQuantity,
    minOrderQuantity: wire.orderQuantity,
    unitPrice: wire.perPartsPrice,
    description: wire.description,
    createdAt: wire.createdAt,
  };
}
