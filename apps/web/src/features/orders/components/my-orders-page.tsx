// TODO(web helpers): the real screen replaces this placeholder.
export function MyOrdersPage() {
  return <h1>MyOrdersPage</h1>;
}
