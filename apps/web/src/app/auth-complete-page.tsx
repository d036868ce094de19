import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/components/ui/use-page-title';
import { FormAlert } from '@/components/ui/form-alert';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { TwoFactorStep } from '@/features/auth/components/two-factor-step';
import { useAuth, type PendingTwoFactor } from '@/lib/auth/auth-context';
import { callbackError, hasOpener, reportToOpener } from '@/lib/auth/social-sign-in';

/** Only a path of this app is followed: never another site (`//host`, `/\host`). */
function safeReturnPath(returnTo: string | null): string {
  if (!returnTo || !returnTo.startsWith('/') || returnTo.startsWith('//') || returnTo.startsWith('/\\'))
    return '/';
  return returnTo;
}

/**
 * /auth/complete: where the provider's callback ends. In the popup it tells the opener and
 * closes; after the redirect flow (popup blocked) it stores the token, asking for the
 * two-factor code first when the account has it on, and returns the user to the page they
 * started from.
 */
export function AuthCompletePage() {
  usePageTitle('Signing in');
  const { completeSocialSignIn } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [exchangeFailure, setExchangeFailure] = useState<string | null>(null);
  const [pendingTwoFactor, setPendingTwoFactor] = useState<PendingTwoFactor | null>(null);
  const hasRun = useRef(false);
  const callbackErrorCode = params.get('error');
  const isPopup = params.get('mode') !== 'redirect' && hasOpener();

  useEffect(() => {
    // Once only: the session cookie is spent by the first exchange.
    if (hasRun.current) return;
    hasRun.current = true;
    if (isPopup) {
      reportToOpener(callbackErrorCode);
      window.close();
      return;
    }
    if (callbackErrorCode) return;
    completeSocialSignIn().then(
      (outcome) => {
        if ('challenge' in outcome) setPendingTwoFactor(outcome);
        else navigate(safeReturnPath(params.get('returnTo')), { replace: true });
      },
      (error: unknown) => setExchangeFailure(errorMessage(error)),
    );
  }, [isPopup, callbackErrorCode, params, completeSocialSignIn, navigate]);

  if (isPopup) {
    return <p className="px-4 py-16 text-center">You can close this window.</p>;
  }
  // Two-factor sign-in is on: the code, as after a password (docs/behaviour.md §4.13).
  if (pendingTwoFactor) {
    return (
      <TwoFactorStep
        pending={pendingTwoFactor}
        onSignedIn={() => navigate(safeReturnPath(params.get('returnTo')), { replace: true })}
        onRestart={() => navigate(paths.login, { replace: true })}
      />
    );
  }
  const failure = exchangeFailure ?? (callbackErrorCode && callbackError(callbackErrorCode).message);
  if (failure) {
    return (
      <main className="flex flex-col items-center gap-4 px-4 py-16 text-center">
        <FormAlert message={failure} />
        <Link to={paths.login} className="link link-primary">
          Back to login
        </Link>
      </main>
    );
  }
  return <Spinner label="Completing sign-in" />;
}
