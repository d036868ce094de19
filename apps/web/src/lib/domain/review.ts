import type { RouteResponse } from '@shop/shared/api/routes';

/** A review as the API sends it (docs/behaviour.md §7.1). */
export type ReviewWire = RouteResponse<'GET /review'>[number];
/** A review as its author and the admins read it, hidden or not (docs/behaviour.md §7). */
export type ManagedReviewWire = RouteResponse<'GET /my-reviews'>[number];

/** A review as the web app reads it; each field's type comes from its wire field. */
export interface Review {
  id: ReviewWire['_id'];
  authorName: ReviewWire['name'];
  rating: ReviewWire['rating'];
  text: ReviewWire['review'];
  /** The title line; the wire calls it `address` for historical reasons. */
  title: ReviewWire['address'];
  createdAt: ReviewWire['createdAt'];
  /** Decided by the server: the author has a paid order (docs/behaviour.md §7.4). */
  isVerifiedBuyer: ReviewWire['verifiedBuyer'];
  toolId: ReviewWire['toolId'];
  toolName: ReviewWire['toolName'];
}

export interface ManagedReview extends Review {
  isHidden: ManagedReviewWire['hidden'];
  hiddenReason: ManagedReviewWire['hiddenReason'];
  hiddenAt: ManagedReviewWire['hiddenAt'];
  updatedAt: ManagedReviewWire['updatedAt'];
}

export function toReview(wire: ReviewWire): Review {
  return {
    id: wire._id,
    authorName: wire.name,
    rating: wire.rating,
    text: wire.review,
    title: wire.address,
    createdAt: wire.createdAt,
    isVerifiedBuyer: wire.verifiedBuyer,
    toolId: wire.toolId,
    toolName: wire.toolName,
  };
}

export function toManagedReview(wire: ManagedReviewWire): ManagedReview {
  return {
    ...toReview(wire),
    isHidden: wire.hidden,
    hiddenReason: wire.hiddenReason,
    hiddenAt: wire.hiddenAt,
    updatedAt: wire.updatedAt,
  };
}
