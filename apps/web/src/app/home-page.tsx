// TODO(web helpers): the real screen replaces this placeholder.
export function HomePage() {
  return <h1>HomePage</h1>;
}
