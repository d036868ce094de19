import type { FormEventHandler, ReactNode } from 'react';
import { BusyButton } from '@/components/ui/busy-button';
import { FormAlert } from '@/components/ui/form-alert';

interface AuthCardProps {
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  isSubmitting: boolean;
  submitLabel: string;
  /** The fields, and anything that goes between them and the submit button. */
  children: ReactNode;
  /** The social sign-in button, under the submit button. */
  social: ReactNode;
  serverError: string | null;
  /** The link to the other form. */
  footer: ReactNode;
}

/** The frame the login and sign-up forms share: card, submit button, server error, footer link. */
export function AuthCard(props: AuthCardProps) {
  const { title, onSubmit, isSubmitting, submitLabel, children, social, serverError, footer } = props;
  return (
    <section className="flex justify-center px-4 py-12">
      <div className="card bg-base-100 border-base-300 w-full max-w-md border shadow-md">
        <form className="card-body gap-4" noValidate onSubmit={onSubmit}>
          <h1 className="text-center text-2xl font-bold">{title}</h1>
          {children}
          <BusyButton isBusy={isSubmitting}>{submitLabel}</BusyButton>
          {social}
          <FormAlert message={serverError} />
          <p className="text-center">{footer}</p>
        </form>
      </div>
    </section>
  );
}
