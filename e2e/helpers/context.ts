import { inject } from 'vitest';

/** False when Chromium is missing outside CI: every journey is then skipped (global-setup.ts). */
export const hasChromium = inject('hasChromium');

/** The running shop, e.g. http://127.0.0.1:40123 */
export const baseURL = inject('baseURL');

/** The local OpenID provider the shop signs in with as 'Google', e.g. http://127.0.0.1:40124 */
export const oidcIssuer = inject('oidcIssuer');

/** The folder of the shop's received mail, one .eml file per message (helpers/mail.ts). */
export const mailDir = inject('mailDir');
