import { useId, useState, type FormEvent } from 'react';
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_NAME_MAX_LENGTH, contactCopy } from '@shop/shared/contact-copy';
import { useIsHydrated } from '@/components/ui/use-is-hydrated';
import { BusyButton } from '@/components/ui/busy-button';
import { PHONE_EXAMPLE } from '@/config/phone-example';
import { fieldIssues, sameNames } from '@/lib/field-issues';
import { useSendContactMessage } from '../api/send-contact-message';

const fields = [
  {
    name: 'firstName',
    label: 'First name',
    type: 'text',
    autoComplete: 'given-name',
    max: CONTACT_NAME_MAX_LENGTH,
  },
  {
    name: 'lastName',
    label: 'Last name',
    type: 'text',
    autoComplete: 'family-name',
    max: CONTACT_NAME_MAX_LENGTH,
  },
  { name: 'email', label: 'Email address', type: 'email', autoComplete: 'email', max: 254 },
  { name: 'phone', label: 'Phone number', type: 'tel', autoComplete: 'tel', max: 20 },
] as const;

const issueFields = sameNames('firstName', 'lastName', 'email', 'phone', 'message');
type FieldName = 'firstName' | 'lastName' | 'email' | 'phone' | 'message';

/**
 * 'Stay connected' (home and contact page): sends the message to the shop, which keeps it in the
 * admins' inbox and mails it to the shop's address (docs/behaviour.md §8.5). `website` is a
 * honeypot: hidden from people (and from screen readers), filled in by bots.
 */
export function ContactBlock() {
  const id = useId();
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  // In the server's HTML the form waits for the script: sent before it, it would reload the page.
  const isHydrated = useIsHydrated();
  const send = useSendContactMessage();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const value = (name: string) => String(new FormData(form).get(name) ?? '');
    setFieldErrors({});
    send.mutate(
      {
        firstName: value('firstName'),
        lastName: value('lastName'),
        email: value('email'),
        phone: value('phone'),
        message: value('message'),
        ...(value('website') && { website: value('website') }),
      },
      {
        // The toast library loads when a message is sent, not with the home page (README: Page weight).
        onSuccess: () => {
          void import('@/lib/toast').then(({ toast }) => toast.success(contactCopy.sent));
          form.reset();
        },
        onError: (error) => {
          void import('@/lib/failure-toast').then(({ toastFailure }) => toastFailure(error));
          setFieldErrors(fieldIssues(error, issueFields));
        },
      },
    );
  };

  const clearError = (name: FieldName) => setFieldErrors(({ [name]: _, ...others }) => others);
  const control = (name: FieldName) => ({
    id: `${id}-${name}`,
    name,
    'aria-invalid': fieldErrors[name] ? (true as const) : undefined,
    'aria-describedby': fieldErrors[name] ? `${id}-${name}-error` : undefined,
    onChange: () => fieldErrors[name] && clearError(name),
  });
  const errorOf = (name: FieldName) =>
    fieldErrors[name] && (
      <p id={`${id}-${name}-error`} role="alert" className="text-error text-sm">
        {fieldErrors[name]}
      </p>
    );

  return (
    <section aria-labelledby={`${id}-heading`} className="mx-auto max-w-3xl px-4 py-16">
      <h2 id={`${id}-heading`} className="text-primary mb-2 text-center text-3xl font-bold">
        Stay connected
      </h2>
      <p className="mb-8 text-center">
        Questions about bulk prices, custom handles or delivery? Write to us.
      </p>
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={!isHydrated} className="relative grid gap-4 sm:grid-cols-2">
          {fields.map((field) => (
            <div key={field.name} className="flex flex-col gap-1">
              <label htmlFor={`${id}-${field.name}`} className="font-medium">
                {field.label}
              </label>
              <input
                {...control(field.name)}
                type={field.type}
                autoComplete={field.autoComplete}
                maxLength={field.max}
                placeholder={field.type === 'tel' ? PHONE_EXAMPLE : undefined}
                className={`input w-full ${fieldErrors[field.name] ? 'input-error' : 'border-base-content/50'}`}
              />
              {errorOf(field.name)}
            </div>
          ))}
          <div className="flex flex-col gap-1 sm:col-span-2">
            <label htmlFor={`${id}-message`} className="font-medium">
              Message
            </label>
            <textarea
              {...control('message')}
              rows={5}
              maxLength={CONTACT_MESSAGE_MAX_LENGTH}
              className={`textarea w-full ${fieldErrors.message ? 'textarea-error' : 'border-base-content/50'}`}
            />
            {errorOf('message')}
          </div>
          {/* The honeypot: off screen, out of the tab order and hidden from assistive technology. */}
          <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
            <label htmlFor={`${id}-website`}>Leave this field empty</label>
            <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
          </div>
          <div className="flex flex-col items-center gap-3 sm:col-span-2">
            <BusyButton className="btn btn-primary px-10" isBusy={send.isPending}>
              Send Message
            </BusyButton>
          </div>
        </fieldset>
      </form>
    </section>
  );
}
