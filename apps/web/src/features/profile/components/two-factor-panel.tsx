import { useState } from 'react';
import { toast } from '@/lib/toast';
import type { RouteResponse } from '@shop/shared/api/routes';
import { securityCopy } from '@shop/shared/security-copy';
import { QueryErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { FormAlert } from '@/components/ui/form-alert';
import { useTwoFactorStatus } from '@/lib/auth/use-two-factor-status';
import { useStartTwoFactorSetup, useSwitchTwoFactor } from '../api/two-factor';
import { PasswordPrompt } from './password-prompt';
import { TwoFactorSetup } from './two-factor-setup';

type Setup = RouteResponse<'POST /account/two-factor'>;

/** Two-factor sign-in (TOTP): its state, turning it on (password, app, code) and off (docs/behaviour.md §4.13). */
export function TwoFactorPanel({ isRequired }: { isRequired: boolean }) {
  const status = useTwoFactorStatus();
  const start = useStartTwoFactorSetup();
  const disable = useSwitchTwoFactor('disable');
  const [setup, setSetup] = useState<Setup | null>(null);

  let body;
  if (setup) {
    body = <TwoFactorSetup setup={setup} onDone={() => setSetup(null)} />;
  } else if (status.isPending) {
    body = <Spinner label="Loading your two-factor sign-in" />;
  } else if (status.isError) {
    body = <QueryErrorState query={status} />;
  } else if (status.data.enabled) {
    body = (
      <>
        <p>Two-factor sign-in is on: Login asks for a code from your authenticator app.</p>
        <PasswordPrompt
          id="two-factor-off-password"
          submitLabel="Turn off two-factor sign-in"
          onSubmit={async (password) => {
            await disable.mutateAsync(password);
            toast.success(securityCopy.twoFactorOff);
          }}
        />
      </>
    );
  } else {
    body = (
      <>
        <p>
          Two-factor sign-in is off. Turn it on to be asked for a code from an authenticator app (such as
          Google Authenticator or 1Password) after your password.
        </p>
        <PasswordPrompt
          id="two-factor-on-password"
          submitLabel="Turn on two-factor sign-in"
          onSubmit={async (password) => setSetup(await start.mutateAsync(password))}
        />
      </>
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <h4 className="text-lg font-semibold">Two-factor sign-in</h4>
      {isRequired && status.data?.enabled !== true && (
        <FormAlert message={securityCopy.twoFactorRequiredForAdmins} tone="warning" />
      )}
      {body}
    </div>
  );
}
