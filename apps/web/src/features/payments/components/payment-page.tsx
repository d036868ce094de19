// TODO(web helpers): the real screen replaces this placeholder.
export function PaymentPage() {
  return <h1>PaymentPage</h1>;
}
