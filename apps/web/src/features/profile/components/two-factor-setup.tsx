import { lazy, Suspense, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import type { RouteResponse } from '@shop/shared/api/routes';
import { securityCopy } from '@shop/shared/security-copy';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { BusyButton } from '@/components/ui/busy-button';
import { FormAlert } from '@/components/ui/form-alert';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toastIfRateLimited } from '@/lib/failure-toast';
import { useSwitchTwoFactor } from '../api/two-factor';

// The QR encoder loads only here, never with the home page (decision 0009).
const TotpQrCode = lazy(async () => ({ default: (await import('./totp-qr-code')).TotpQrCode }));

type Setup = RouteResponse<'POST /account/two-factor'>;

/**
 * Step two and three of turning two-factor sign-in on (docs/behaviour.md §4.13): scan the QR
 * code (or type the secret), confirm with a code, then note the recovery codes, shown this once.
 */
export function TwoFactorSetup({ setup, onDone }: { setup: Setup; onDone: () => void }) {
  const confirm = useSwitchTwoFactor('confirm');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldError(undefined);
    setFormError(null);
    if (code.trim() === '') return setFieldError(securityCopy.codeRequired);
    try {
      await confirm.mutateAsync(code);
      toast.success(securityCopy.twoFactorOn);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'invalid-input') setFieldError(error.message);
      else if (!toastIfRateLimited(error)) setFormError(errorMessage(error));
    }
  };

  if (confirm.isSuccess) {
    return (
      <div className="flex flex-col gap-3">
        <p>
          Two-factor sign-in is on. Keep these recovery codes somewhere safe: each one signs you in once if
          you lose your phone. They are not shown again.
        </p>
        <ul
          aria-label="Recovery codes"
          className="bg-base-200 grid grid-cols-2 gap-2 rounded-box p-3 font-mono"
        >
          {setup.recoveryCodes.map((recoveryCode) => (
            <li key={recoveryCode}>{recoveryCode}</li>
          ))}
        </ul>
        <div>
          <button type="button" className="btn btn-primary" onClick={onDone}>
            I have saved my recovery codes
          </button>
        </div>
      </div>
    );
  }

  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
      <p>Scan this QR code with your authenticator app, or type the key into it.</p>
      <Suspense fallback={<Spinner label="Loading the QR code" />}>
        <TotpQrCode uri={setup.totpUri} />
      </Suspense>
      <p>
        Key:{' '}
        <code className="break-all font-mono" aria-label="Secret key">
          {setup.secret}
        </code>
      </p>
      <FormField id="two-factor-code" label="Code from the app" error={fieldError}>
        {(field) => (
          <input
            {...field}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
      </FormField>
      <FormAlert message={formError} />
      <div>
        <BusyButton isBusy={confirm.isPending}>Confirm</BusyButton>
      </div>
    </form>
  );
}
