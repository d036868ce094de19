// TODO(web helpers): the real screen replaces this placeholder.
export function MakeAdminPage() {
  return <h1>MakeAdminPage</h1>;
}
