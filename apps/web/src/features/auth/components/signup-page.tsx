// TODO(web helpers): the real screen replaces this placeholder.
export function SignupPage() {
  return <h1>SignupPage</h1>;
}
