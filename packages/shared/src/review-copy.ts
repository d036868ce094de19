/**
 * The words of verified buyers, own edits and moderation (docs/behaviour.md §7). The original
 * has none of these; they are ours, kept in one place as the spec's copy is (copy.ts).
 */
export const reviewCopy = {
  verifiedBuyer: 'Verified buyer',
  generalReview: 'The shop in general',
  alreadyReviewed: (tool: string) =>
    `You have already reviewed ${tool}. Edit that review under My reviews instead.`,
  toolNotFound: 'This tool is not in the shop',
  reviewNotFound: 'This review does not exist',
  reasonRequired: 'Please give a reason for hiding this review',
  edited: 'Review updated',
  deleted: 'Review deleted',
  hidden: 'Review hidden',
  restored: 'Review restored',
  hiddenNotice: (reason: string) => `Hidden by the shop: ${reason}`,
  noOwnReviews: 'You have not written a review yet.',
  noReviews: 'No reviews here.',
} as const;

/** Length limit of an admin's reason for hiding a review. */
export const HIDE_REASON_MAX_LENGTH = 500;
