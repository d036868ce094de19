// TODO(web helpers): the real screen replaces this placeholder.
export function PurchasePage() {
  return <h1>PurchasePage</h1>;
}
