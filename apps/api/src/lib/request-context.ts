import type { FastifyRequest } from 'fastify';
import type { Role } from '@shop/shared/contracts/users';
import { AppError } from './errors';

/**
 * Who is calling: resolved from the bearer token on every request that carries one, by the
 * access plugin (plugins/access.ts), before any handler runs.
 */
export interface Actor {
  id: string;
  email: string;
  name: string;
  role: Role;
  image: string | null;
  isAdmin: boolean;
  /** Whether the account proved it owns its e-mail address (docs/behaviour.md §4.10). */
  emailVerified: boolean;
  /** Two-factor sign-in is on (ADMIN_REQUIRE_2FA checks it on admin routes). */
  hasTwoFactor: boolean;
  /** The session token the caller presented. */
  token: string;
}

/** The device a request comes from, as a new session records it (the Security part lists it). */
export interface ClientInfo {
  userAgent?: string;
  ip: string;
}

/** The signed-in caller of a non-public route; never null there (the access hook ran). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('unauthorized', 'Sign in first');
  return request.actor;
}

/** The caller's device: its user agent and its address (TRUST_PROXY applied). */
export const clientOf = (request: FastifyRequest): ClientInfo => ({
  userAgent: request.headers['user-agent'],
  ip: request.ip,
});
