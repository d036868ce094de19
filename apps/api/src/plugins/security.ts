import fastifyHelmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { SOCIAL_SIGN_IN_COMPLETE_PATH } from '@shop/shared/social-sign-in';

/**
 * Helmet's headers with a strict Content-Security-Policy. Stripe's script and frames are
 * allowed for the payment page; images may come from any https host (tools added by URL).
 */
const helmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com'],
      frameSrc: ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
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
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' as const },
};

const signInPopupPaths = ['/api/auth/social/start', '/api/auth/callback/', SOCIAL_SIGN_IN_COMPLETE_PATH];

export default fp(
  async (app) => {
    await app.register(fastifyHelmet, { enableCSPNonces: true, ...helmetOptions });

    // A JSON answer is no page: a nonce in its policy would protect nothing, and @fastify/helmet
    // builds its middleware anew for every request (parsing the whole policy) to add one. The
    // routes of the route table that answer JSON (lib/add-route.ts) get the same headers and
    // policy, nonce-free, from middleware built once.
    const jsonHeaders = helmet(helmetOptions);
    app.addHook('onRoute', (route) => {
      // What `helmet: false` on a route becomes (@fastify/helmet's own onRoute hook ran already).
      if (route.config?.answersJson) route.config = { ...route.config, ...{ helmet: { skipRoute: true } } };
    });
    app.addHook('onRequest', (request, reply, done) => {
      if (request.routeOptions.config?.answersJson) jsonHeaders(request.raw, reply.raw, () => {});
      done();
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
