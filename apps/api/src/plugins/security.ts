import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import { SOCIAL_SIGN_IN_COMPLETE_PATH } from '@shop/shared/social-sign-in';

const signInPopupPaths = ['/api/auth/social/start', '/api/auth/callback/', SOCIAL_SIGN_IN_COMPLETE_PATH];

/**
 * Helmet's headers with a strict Content-Security-Policy. Stripe's script and frames are
 * allowed for the payment page; images may come from any https host (tools added by URL).
 */
export default fp(
  async (app) => {
    await app.register(helmet, {
      enableCSPNonces: true,
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com'],
          frameSrc: [
            "'self'",
            'https://js.stripe.com',
            'https://*.js.stripe.com',
            'https://hooks.stripe.com',
          ],
          connectSrc: ["'self'", 'https://api.stripe.com'],
          imgSrc: ["'self'", 'data:', 'https:'],
          // No 'unsafe-inline': the one inline style element carries this response's nonce
          // (enableCSPNonces below; plugins/web.ts writes it into the page).
          styleSrc: ["'self'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          // No <base> at all: a tag injected into a page could otherwise redirect its relative URLs.
          baseUri: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      // The sign-in popup (social sign-in) needs to talk to its opener.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    });
    // The popup's own hops back from the provider carry no COOP: any value but unsafe-none there
    // would cut the popup from its opener, and the opener would find it closed.
    app.addHook('onSend', async (request, reply) => {
      if (signInPopupPaths.some((prefix) => request.url.startsWith(prefix))) {
        reply.raw.removeHeader('cross-origin-opener-policy');
      }
    });
  },
  { name: 'security' },
);
