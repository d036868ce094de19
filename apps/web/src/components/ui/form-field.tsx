import type { ReactNode } from 'react';

/** What the control needs to be labelled, styled and linked to its messages. */
interface FieldControlProps {
  id: string;
  className: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  id: string;
  label: ReactNode;
  /** The field's own message, from the form's rules or the API's refusal. */
  error?: string;
  /** Help under the control, linked to it as well. */
  hint?: ReactNode;
  /** Marks the control invalid though its message shows elsewhere (the purchase range). */
  isInvalid?: boolean;
  /** Ids of other elements that describe the control, such as a message for the whole form. */
  describedBy?: string;
  /** The daisyUI control class, so that an invalid control turns red. */
  kind?: 'input' | 'textarea' | 'file-input' | 'select';
  /** Renders the control, spreading the props it is given. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A label, its control and the control's message, announced as an alert and linked with
 * aria-describedby (docs/behaviour.md §10.3). Every form's fields are built with it.
 */
export function FormField(props: FormFieldProps) {
  const { id, label, error, hint, isInvalid, describedBy, kind = 'input', children } = props;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const invalid = Boolean(error) || Boolean(isInvalid);
  const describers = [hint ? hintId : null, error ? errorId : null, describedBy ?? null].filter(Boolean);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {children({
        id,
        // The darker border keeps an empty control visible against the page (WCAG 1.4.11).
        className: `${kind} w-full ${invalid ? `${kind}-error` : 'border-base-content/50'}`,
        'aria-invalid': invalid ? true : undefined,
        'aria-describedby': describers.length > 0 ? describers.join(' ') : undefined,
      })}
      {hint && (
        <div id={hintId} className="text-sm">
          {hint}
        </div>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-error text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
