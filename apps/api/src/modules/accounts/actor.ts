/**
 * An account is an admin by its stored role, or by being listed in ADMIN_EMAILS once it has
 * verified that address (docs/behaviour.md §4.1): whoever signs up first with the address
 * proves nothing until its mailbox does.
 */
export function isAdminAccount(
  account: { email: string; role: string | null | undefined; emailVerified: boolean | null | undefined },
  adminEmails: ReadonlySet<string>,
): boolean {
  return account.role === 'admin' || isProvenAdminEmail(account, adminEmails);
}

/** An ADMIN_EMAILS address its account has verified (a link from our mail, or the provider). */
export function isProvenAdminEmail(
  account: { email: string; emailVerified: boolean | null | undefined },
  adminEmails: ReadonlySet<string>,
): boolean {
  return account.emailVerified === true && adminEmails.has(account.email.toLowerCase());
}

/**
 * Clients written for the original send `Bearar <token>` on some calls, so we accept it beside
 * `Bearer` (docs/behaviour.md §9.1).
 * Returns the token, or null when the header is absent or of another scheme.
 */
export function readBearerToken(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const match = /^(?:Bearer|Bearar)\s+(\S+)\s*$/i.exec(authorization);
  return match?.[1] ?? null;
}
