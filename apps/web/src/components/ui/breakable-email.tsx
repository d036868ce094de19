import { Fragment } from 'react';

/**
 * An e-mail address that may wrap only after '@' or '.', never in the middle of a name
 * (a narrow card or column would otherwise cut it every few letters). Screen readers and
 * copy-paste see the address unchanged: <wbr> adds no text.
 */
export function BreakableEmail({ email }: { email: string }) {
  const parts = email.split(/(?<=[@.])/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
