/** The message about a whole form (a refusal, a link that no longer works); nothing without one. */
export function FormAlert({
  message,
  tone = 'error',
}: {
  message: string | null | undefined;
  tone?: 'error' | 'warning';
}) {
  if (!message) return null;
  // Whole class names: Tailwind finds the classes it generates by reading the source as text.
  const toneClass = tone === 'error' ? 'alert-error' : 'alert-warning';
  return (
    <p role="alert" className={`alert ${toneClass} alert-soft`}>
      {message}
    </p>
  );
}
