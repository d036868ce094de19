// TODO(web helpers): the real screen replaces this placeholder.
export function ProductsPage() {
  return <h1>ProductsPage</h1>;
}
