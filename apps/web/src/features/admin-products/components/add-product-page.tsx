// TODO(web helpers): the real screen replaces this placeholder.
export function AddProductPage() {
  return <h1>AddProductPage</h1>;
}
