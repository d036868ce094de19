import type { RouteResponse } from '@shop/shared/api/routes';

/** An entry of the address book as the API sends it. */
export type AddressWire = RouteResponse<'GET /address'>[number];

/** An entry of the address book; its fields keep the wire's names, bar the id. */
export interface Address extends Omit<AddressWire, '_id'> {
  id: AddressWire['_id'];
  /** The company that shares it with its members (docs/behaviour.md §4.19); absent for one's own. */
  sharedBy?: string;
}

export function toAddress({ _id, ...fields }: AddressWire): Address {
  return { id: _id, ...fields };
}
