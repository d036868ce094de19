import fastifyHelmet from '@fastify/helmet';
import fp from 'fastify-plugin';
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

/** The security headers of a JSON answer (OWASP's REST Security Cheat Sheet, 'Security headers'). */
const JSON_ANSWER_HEADERS = {
  'content-security-policy':
    "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
} as const;

const signInPopupPaths = ['/api/auth/social/start', '/api/auth/callback/', SOCIAL_SIGN_IN_COMPLETE_PATH];

export default fp(
  async (app) => {
    await app.register(fastifyHelmet, { enableCSPNonces: true, ...helmetOptions });

    // A JSON answer is no page: no browser builds a document from it that could load a script,
    // a style or a frame, so its policy allows nothing at all, and the headers that only govern
    // documents (opener, agent cluster, DNS prefetch, download and Flash hints) are left off.
    // The routes of the route table that answer JSON (lib/add-route.ts) get this set, built once,
    // instead of @fastify/helmet's page set, which it rebuilds (policy parsed and all) for every
    // request to add a nonce (decision 0034).
    app.addHook('onRoute', (route) => {
      // What `helmet: false` on a route becomes (@fastify/helmet's own onRoute hook ran already).
      if (route.config?.answersJson) route.config = { ...route.config, ...{ helmet: { skipRoute: true } } };
    });
    app.addHook('onRequest', (request, reply, done) => {
      if (request.routeOptions.config?.answersJson) reply.headers(JSON_ANSWER_HEADERS);
      done();
    });
    // The popup's own hops back from the provider carry no COOP: any value but unsafe-none there
    // would cut the popup from its opener, and the opener would find it closed.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (signInPopupPaths.some((prefix) => request.url.startsWith(prefix))) {
        reply.raw.removeHeader('cross-origin-opener-policy');
      }
      done(null, payload);
    });
  },
  { name: 'security' },
);
