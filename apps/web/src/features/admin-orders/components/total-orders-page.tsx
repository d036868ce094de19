// TODO(web helpers): the real screen replaces this placeholder.
export function TotalOrdersPage() {
  return <h1>TotalOrdersPage</h1>;
}
