import { createContext, useContext } from 'react';
import type { SessionUser, SignInBody, SignUpBody } from '@shop/shared/contracts/account';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export interface AuthContextValue {
  status: AuthStatus;
  user: SessionUser | null;
  signIn: (body: SignInBody) => Promise<SessionUser>;
  signUp: (body: SignUpBody) => Promise<SessionUser>;
  /** Ends the session on the server and here. */
  signOut: () => Promise<void>;
  /** Forgets the session here only (the server already refused it). */
  forgetSession: () => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
