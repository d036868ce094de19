import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Session, SessionUser } from '../domain/user';
import { tokenStorage } from '../token-storage';
import { AuthContext, type AuthContextValue, type AuthStatus } from './auth-context';
import {
  currentSessionRequest,
  exchangeTokenRequest,
  signInRequest,
  signOutRequest,
  signUpRequest,
  socialSessionExchangeRequest,
  twoFactorSignInRequest,
} from './auth-api';

/**
 * A company member's catalogue carries the company's prices (docs/behaviour.md §3.15): what was
 * read as a visitor (or rendered by the server for one) is read again once the user is known.
 */
const rereadCatalogue = (queryClient: QueryClient) =>
  void queryClient.invalidateQueries({
    predicate: ({ queryKey: [route] }) => `${route}`.startsWith('GET /tool'),
  });

/**
 * Holds who is signed in. On load a stored token is checked with the server (a spinner shows
 * meanwhile); sign-in and sign-up store the token under `accessToken` (docs/behaviour.md §4.5, §4.5).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<AuthStatus>(() => (tokenStorage.get() ? 'loading' : 'signed-out'));
  const [user, setUser] = useState<SessionUser | null>(null);

  useEffect(() => {
    if (status !== 'loading') return;
    let cancelled = false;
    currentSessionRequest().then(
      (sessionUser) => {
        if (cancelled) return;
        setUser(sessionUser);
        setStatus('signed-in');
      },
      () => {
        if (cancelled) return;
        tokenStorage.clear();
        setStatus('signed-out');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [status]);

  // Signed in (a restored session, or a sign-in): what was read as a visitor is read again.
  useEffect(() => {
    if (status === 'signed-in') rereadCatalogue(queryClient);
  }, [status, queryClient]);

  const forgetSession = useCallback(() => {
    tokenStorage.clear();
    queryClient.clear();
    setUser(null);
    setStatus('signed-out');
  }, [queryClient]);

  const completeSignIn = useCallback(async (session: Session, remember = true) => {
    tokenStorage.set(session.token, { remember });
    const { token } = await exchangeTokenRequest(session.user.email);
    tokenStorage.set(token, { remember });
    setUser(session.user);
    setStatus('signed-in');
    return session.user;
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      user,
      signIn: async (body) => {
        const remember = body.rememberMe !== false;
        const answer = await signInRequest(body);
        if ('challenge' in answer) return { challenge: answer.challenge, remember };
        return completeSignIn(answer, remember);
      },
      verifyTwoFactor: async ({ challenge, remember }, code) =>
        completeSignIn(await twoFactorSignInRequest(challenge, code), remember),
      replaceToken: (token) => tokenStorage.replace(token),
      signUp: async (body) => completeSignIn(await signUpRequest(body)),
      completeSocialSignIn: async () => {
        const answer = await socialSessionExchangeRequest();
        // Social sign-in has no 'Remember me': its session is remembered (§4.6).
        if ('challenge' in answer) return { challenge: answer.challenge, remember: true };
        return completeSignIn(answer);
      },
      signOut: async () => {
        await signOutRequest().catch(() => undefined);
        forgetSession();
      },
      refreshUser: async () => setUser(await currentSessionRequest()),
      forgetSession,
    }),
    [status, user, completeSignIn, forgetSession],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
