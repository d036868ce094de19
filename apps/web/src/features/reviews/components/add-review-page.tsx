// TODO(web helpers): the real screen replaces this placeholder.
export function AddReviewPage() {
  return <h1>AddReviewPage</h1>;
}
