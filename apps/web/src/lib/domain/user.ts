import type { RouteResponse } from '@shop/shared/api/routes';

/** An entry of the admin's user list as the API sends it (docs/behaviour.md §4.1). */
export type UserWire = RouteResponse<'GET /user'>[number];
/** The signed-in account as the sign-in and session answers send it (docs/behaviour.md §4.1). */
export type SessionUserWire = RouteResponse<'GET /session'>['user'];

/** An account in the admin's user list; each field's type comes from its wire field. */
export interface User {
  id: UserWire['_id'];
  name: UserWire['name'];
  email: UserWire['email'];
  role: UserWire['role'];
}

/** The signed-in account. */
export interface SessionUser {
  id: SessionUserWire['_id'];
  name: SessionUserWire['displayName'];
  email: SessionUserWire['email'];
  role: SessionUserWire['role'];
  imageUrl: SessionUserWire['image'];
  isEmailVerified: SessionUserWire['emailVerified'];
}

export function toUser(wire: UserWire): User {
  return { id: wire._id, name: wire.name, email: wire.email, role: wire.role };
}

export function toSessionUser(wire: SessionUserWire): SessionUser {
  return {
    id: wire._id,
    name: wire.displayName,
    email: wire.email,
    role: wire.role,
    imageUrl: wire.image,
    isEmailVerified: wire.emailVerified,
  };
}

/** What sign-up, sign-in and the social exchange answer: the bearer token and the account. */
export type SessionWire = RouteResponse<'POST /account'>;

export interface Session {
  token: SessionWire['token'];
  user: SessionUser;
}

export function toSession(wire: SessionWire): Session {
  return { token: wire.token, user: toSessionUser(wire.user) };
}
