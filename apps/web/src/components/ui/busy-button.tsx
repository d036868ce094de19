import type { ButtonHTMLAttributes } from 'react';

// Whole class names: Tailwind finds the classes it generates by reading the source as text.
const spinnerClasses = {
  xs: 'loading loading-spinner loading-xs',
  sm: 'loading loading-spinner loading-sm',
};

interface BusyButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** While its request runs: the button is disabled and a spinner shows before its label. */
  isBusy: boolean;
  /** 'xs' beside the label of a small button (btn-sm). */
  spinnerSize?: keyof typeof spinnerClasses;
}

/**
 * A form's submit button with its busy state: the one place that draws it. An action button
 * (Load more, Export) shows the same state with type="button".
 */
export function BusyButton(props: BusyButtonProps) {
  const {
    isBusy,
    spinnerSize = 'sm',
    type = 'submit',
    className = 'btn btn-primary',
    disabled,
    children,
    ...rest
  } = props;
  return (
    <button type={type} className={className} disabled={isBusy || disabled} {...rest}>
      {isBusy && <span className={spinnerClasses[spinnerSize]} aria-hidden="true" />}
      {children}
    </button>
  );
}
