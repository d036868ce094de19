// TODO(web helpers): the real screen replaces this placeholder.
export function ContactPage() {
  return <h1>ContactPage</h1>;
}
