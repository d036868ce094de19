/**
 * Accounts: sign-up and sign-in (Better Auth), sessions and devices, recovery and verification,
 * two-factor and social sign-in, profiles and roles (docs/behaviour.md §4). The users table is
 * here; other modules name it in their foreign keys.
 */
export { accountsRoutes } from './routes';
export { resolveActor } from './accounts.service';
export { readBearerToken } from './actor';
export { findAddressOf, ownAddress, toShippingAddress } from './address-book';
export { postalAddressColumns } from './addresses.table';
export { createAuth, type Auth } from './auth';
export { createSessionCache, type SessionCache } from './session-cache';
export { users } from './users.table';
