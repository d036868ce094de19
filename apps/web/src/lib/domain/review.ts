import type { RouteResponse } from '@shop/shared/api/routes';

/** A review as the API sends it (docs/behaviour.md §4.5). */
export type ReviewWire = RouteResponse<'GET /review'>[number];

/** A review as the web app reads it; each field's type comes from its wire field. */
export interface Review {
  id: ReviewWire['_id'];
  authorName: ReviewWire['name'];
  rating: ReviewWire['rating'];
  text: ReviewWire['review'];
  /** The title line; the wire calls it `address` for historical reasons. */
  title: ReviewWire['address'];
  createdAt: ReviewWire['createdAt'];
}

export function toReview(wire: ReviewWire): Review {
  return {
    id: wire._id,
    authorName: wire.name,
    rating: wire.rating,
    text: wire.review,
    title: wire.address,
    createdAt: wire.createdAt,
  };
}
