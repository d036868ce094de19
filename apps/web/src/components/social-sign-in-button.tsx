import { useQueryClient } from '@tanstack/react-query';
import { copy } from '@shop/shared/copy';
import { useAuth, type PendingTwoFactor } from '@/lib/auth/auth-context';
import {
  assertAuthorizedDomain,
  isSocialSignInError,
  openSignInPopup,
  startRedirectSignIn,
} from '@/lib/auth/social-sign-in';
import { socialProvidersQuery, useSocialProviders } from '@/lib/auth/use-social-providers';
import type { SessionUser } from '@/lib/domain/user';

interface SocialSignInButtonProps {
  /** Where a redirect sign-in (popup blocked) comes back to. */
  returnTo: string;
  onSuccess: (user: SessionUser) => void;
  /** The account has two-factor sign-in on: the page asks for the code (docs/behaviour.md §4.13). */
  onTwoFactor: (pending: PendingTwoFactor) => void;
  /** A SocialSignInError (code 'popup-closed-by-user' ...) or an ApiError. */
  onError: (error: unknown) => void;
}

/**
 * 'Continue With Google' (docs/behaviour.md §4.2): social sign-in in a popup (§4.7). Hidden when
 * the shop has no provider configured. With another provider than Google, its name is shown.
 */
export function SocialSignInButton({ returnTo, onSuccess, onTwoFactor, onError }: SocialSignInButtonProps) {
  const signInWithSocial = useSocialSignIn();
  const provider = useSocialProviders().data?.oidc;
  if (!provider) return null;

  const label = provider.name === 'Google' ? copy.continueWithGoogle : `Continue With ${provider.name}`;
  const signIn = () => {
    signInWithSocial(returnTo).then(
      (outcome) => {
        if (!outcome) return;
        if ('challenge' in outcome) onTwoFactor(outcome);
        else onSuccess(outcome);
      },
      (error: unknown) => {
        // A newer popup took over; its own outcome is what the user will hear about.
        if (!isSocialSignInError(error, 'cancelled-popup-request')) onError(error);
      },
    );
  };
  return (
    <>
      <div className="divider my-0">OR</div>
      <button type="button" className="btn btn-outline" onClick={signIn}>
        {label}
      </button>
    </>
  );
}

/**
 * Social sign-in in a popup (§4.7), then the session taken up as signIn takes it. Resolves null
 * when the browser blocked the popup and the tab is leaving for the provider instead (redirect
 * flow). Here rather than in the AuthProvider: only the pages with the button load this code.
 */
function useSocialSignIn() {
  const queryClient = useQueryClient();
  const { completeSocialSignIn } = useAuth();
  // No await before the popup opens: it must open inside the click (popup blockers).
  return async (returnTo: string): Promise<SessionUser | PendingTwoFactor | null> => {
    const providers = queryClient.getQueryData(socialProvidersQuery.queryKey);
    if (providers) assertAuthorizedDomain(providers.authorizedOrigins);
    try {
      await openSignInPopup(returnTo);
    } catch (error) {
      if (!isSocialSignInError(error, 'popup-blocked')) throw error;
      startRedirectSignIn(returnTo);
      return null;
    }
    return completeSocialSignIn();
  };
}
