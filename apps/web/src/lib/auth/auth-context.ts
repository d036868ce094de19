import { createContext, useContext } from 'react';
import type { SignInBody, SignUpBody } from '@shop/shared/contracts/account';
import type { SessionUser } from '../domain/user';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

/** Sign-in passed the password; two-factor sign-in wants a code (docs/behaviour.md §4.13). */
export interface PendingTwoFactor {
  challenge: string;
  /** 'Remember me' as it was ticked: where the token goes once the code is accepted. */
  remember: boolean;
}

export interface AuthContextValue {
  status: AuthStatus;
  user: SessionUser | null;
  signIn: (body: SignInBody) => Promise<SessionUser | PendingTwoFactor>;
  /** The second step of sign-in: a TOTP or recovery code. */
  verifyTwoFactor: (pending: PendingTwoFactor, code: string) => Promise<SessionUser>;
  /** Keeps the token that replaced the current session's (password change, two-factor on or off). */
  replaceToken: (token: string) => void;
  signUp: (body: SignUpBody) => Promise<SessionUser>;
  /**
   * Takes up the session a social sign-in left (§4.7): after the popup reported success, or on
   * /auth/complete after the redirect flow. Stores the token exactly as signIn does; with
   * two-factor sign-in on, answers the challenge for verifyTwoFactor instead (§4.13).
   */
  completeSocialSignIn: () => Promise<SessionUser | PendingTwoFactor>;
  /** Ends the session on the server and here. */
  signOut: () => Promise<void>;
  /** Reads the account again from the server (after its e-mail was verified). */
  refreshUser: () => Promise<void>;
  /** Forgets the session here only (the server already refused it). */
  forgetSession: () => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
