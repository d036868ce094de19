// TODO(web helpers): the real screen replaces this placeholder.
export function LoginPage() {
  return <h1>LoginPage</h1>;
}
