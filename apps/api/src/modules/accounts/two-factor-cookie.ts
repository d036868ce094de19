/** Better Auth's name (before its prefix) for the cookie of a pending two-factor sign-in. */
export const TWO_FACTOR_CHALLENGE_COOKIE = 'two_factor';
