import { useId, useState, type FormEvent } from 'react';
import { company } from '@shop/shared/company';
import { telHref } from '@/config/company';
import { useIsHydrated } from '@/components/ui/use-is-hydrated';
import { PHONE_EXAMPLE } from '@/config/phone-example';

const fields = [
  { name: 'firstName', label: 'First name', type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: 'Email address', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone number', type: 'tel', autoComplete: 'tel' },
] as const;

/**
 * 'Stay connected' (home and contact page). The form has nowhere to send to, so it sends nothing;
 * after a click it says plainly how to reach us instead of pretending (docs/behaviour.md §3.5).
 */
export function ContactBlock() {
  const id = useId();
  const [hasTriedToSend, setHasTriedToSend] = useState(false);
  // In the server's HTML the form waits for the script: sent before it, it would reload the page.
  const isHydrated = useIsHydrated();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setHasTriedToSend(true);
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="mx-auto max-w-3xl px-4 py-16">
      <h2 id={`${id}-heading`} className="text-primary mb-2 text-center text-3xl font-bold">
        Stay connected
      </h2>
      <p className="mb-8 text-center">
        Questions about bulk prices, custom handles or delivery? Write to us.
      </p>
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={!isHydrated} className="grid gap-4 sm:grid-cols-2">
          {fields.map((field) => (
            <div key={field.name} className="flex flex-col gap-1">
              <label htmlFor={`${id}-${field.name}`} className="font-medium">
                {field.label}
              </label>
              <input
                id={`${id}-${field.name}`}
                name={field.name}
                type={field.type}
                autoComplete={field.autoComplete}
                placeholder={field.type === 'tel' ? PHONE_EXAMPLE : undefined}
                className="input border-base-content/50 w-full"
              />
            </div>
          ))}
          <div className="flex flex-col gap-1 sm:col-span-2">
            <label htmlFor={`${id}-message`} className="font-medium">
              Message
            </label>
            <textarea
              id={`${id}-message`}
              name="message"
              rows={5}
              className="textarea border-base-content/50 w-full"
            />
          </div>
          <div className="flex flex-col items-center gap-3 sm:col-span-2">
            <button type="submit" className="btn btn-primary px-10">
              Send Message
            </button>
            <p role="status" className="text-center">
              {hasTriedToSend && (
                <>
                  This form cannot send messages yet. Please write to{' '}
                  <a className="link" href={`mailto:${company.email}`}>
                    {company.email}
                  </a>{' '}
                  or call{' '}
                  <a className="link" href={telHref(company.phone)}>
                    {company.phone}
                  </a>
                  .
                </>
              )}
            </p>
          </div>
        </fieldset>
      </form>
    </section>
  );
}
