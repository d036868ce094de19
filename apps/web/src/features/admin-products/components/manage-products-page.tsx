// TODO(web helpers): the real screen replaces this placeholder.
export function ManageProductsPage() {
  return <h1>ManageProductsPage</h1>;
}
