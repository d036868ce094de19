import type { SessionResponse } from '@shop/shared/contracts/account';
import type { Answer } from './call';

/** The sign-ins that answer a session, or a challenge when two-factor sign-in is on (docs/behaviour.md §4.13). */
type SignIn = 'POST /session' | 'POST /session/exchange';

/** The session a sign-in answered: it must not ask for a second factor. */
export function sessionOf(answer: Answer<SignIn>): SessionResponse {
  const body = answer.body;
  if (!('token' in body)) throw new Error(`sign-in asked for a second factor: ${answer.text}`);
  return body;
}

/** The challenge of a sign-in that asks for the second factor (docs/behaviour.md §4.13). */
export function challengeOf(answer: Answer<SignIn>): string {
  const body = answer.body;
  if (!('challenge' in body)) throw new Error(`sign-in asked for no second factor: ${answer.text}`);
  return body.challenge;
}
