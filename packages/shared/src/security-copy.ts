/**
 * Our own words for sign-in security: remember me, the Security part of My Profile and the
 * two-factor step of Login (docs/behaviour.md §4.12). The original has none of these screens.
 * No zod here: the web app's pages import it.
 */
export const securityCopy = {
  currentPasswordRequired: 'Enter your current password',
  currentPasswordWrong: 'Your current password is not right',
  passwordChanged: 'Password changed',
  passwordChangedEverywhere: 'Password changed; your other devices are signed out',
  deviceSignedOut: 'That device is signed out',
  otherDevicesSignedOut: 'Every other device is signed out',
  codeRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code',
  codeWrong: 'That code is not right. Try the current one from your app, or a recovery code',
  twoFactorChallengeExpired: 'This sign-in took too long or was already used. Please log in again.',
  twoFactorLocked: 'Too many wrong codes. Try again in 15 minutes.',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on',
  twoFactorAlreadyOff: 'Two-factor sign-in is already off',
  twoFactorOn: 'Two-factor sign-in is on',
  twoFactorOff: 'Two-factor sign-in is off',
  twoFactorRequiredForAdmins: 'Admins must turn on two-factor sign-in before using admin pages',
} as const;
