// TODO(web helpers): the real screen replaces this placeholder.
export function MyProfilePage() {
  return <h1>MyProfilePage</h1>;
}
