import type { UseFormRegisterReturn } from 'react-hook-form';

interface AuthFieldProps {
  id: string;
  label: string;
  type: 'text' | 'email' | 'password';
  autoComplete: string;
  error?: string;
  registration: UseFormRegisterReturn;
}

/** A labelled input with its validation message underneath, linked for screen readers. */
export function AuthField({ id, label, type, autoComplete, error, registration }: AuthFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        className={`input w-full ${error ? 'input-error' : 'border-base-content/50'}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...registration}
      />
      {error && (
        <p id={errorId} role="alert" className="text-error text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
