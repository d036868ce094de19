import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { trustProxyOption } from './lib/trust-proxy';
import { validatorCompiler } from './lib/validate-input';
import { loggerOptions, OneLinePerRequest } from './logging';
import access from './plugins/access';
import auth from './plugins/auth';
import backOfficeAnswers from './plugins/back-office-answers';
import catalogue from './plugins/catalogue';
import changeFeed from './plugins/change-feed';
import compression from './plugins/compression';
import database from './plugins/database';
import docs from './plugins/docs';
import errors, { answerFrameworkError } from './plugins/errors';
import jobs from './plugins/jobs';
import mail from './plugins/mail';
import payments from './plugins/payments';
import rateLimit from './plugins/rate-limit';
import requestLog from './plugins/request-log';
import security from './plugins/security';
import tax from './plugins/tax';
import uploads from './plugins/uploads';
import web from './plugins/web';
import { apiRoutes } from './api-routes';
import type { TaxProvider } from './modules/tax';

export interface AppOptions {
  config: Config;
  /** An open database to use instead of opening one from the config (tests). */
  database?: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** A tax provider to use instead of the shop's own (tests). */
  taxProvider?: TaxProvider;
}

/** Builds the whole server: infrastructure plugins, then app plugins, then routes. */
export async function buildApp({ config, database: handle, logger, taxProvider }: AppOptions) {
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    // One line per request, from plugins/request-log, instead of Fastify's two.
    logController: new OneLinePerRequest(),
    // Request ids: the caller's X-Request-Id when it sends one, ours otherwise.
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    // Opening the embedded database (first start: initdb and migrations) can pass Fastify's
    // default 10 s on a busy machine; a plugin that never starts still fails, a minute later.
    pluginTimeout: 60_000,
    // Off unless configured: trusting any X-Forwarded-For lets a client pick its own address,
    // which rate limits key on (README: Configuration, TRUST_PROXY).
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  // Set as the request arrives, before any other hook can answer: every answer carries them,
  // refusals and 404s included.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    if (request.routeOptions.config.noStore) reply.header('cache-control', 'no-store');
    done();
  });

  // infrastructure
  await app.register(requestLog);
  await app.register(database, { handle });
  await app.register(changeFeed);
  await app.register(security);
  await app.register(rateLimit);
  await app.register(compression);
  await app.register(docs);
  await app.register(errors);
  // app
  await app.register(mail);
  await app.register(auth);
  await app.register(access);
  await app.register(payments);
  await app.register(tax, { provider: taxProvider });
  await app.register(uploads);
  await app.register(catalogue);
  await app.register(backOfficeAnswers);
  await app.register(jobs);
  // routes
  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(web);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
