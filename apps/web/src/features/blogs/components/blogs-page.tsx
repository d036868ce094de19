// TODO(web helpers): the real screen replaces this placeholder.
export function BlogsPage() {
  return <h1>BlogsPage</h1>;
}
