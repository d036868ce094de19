import type { Config } from '../config';
import type { Counters } from '../lib/counters';
import type { DatabaseHandle } from '../db/client';
import type { Actor } from '../lib/request-context';
import type { Auth } from '../modules/accounts/auth';
import type { JobQueue } from '../modules/jobs/job-queue';
import type { Mailer } from '../modules/mail/mailer';
import type { SessionCache } from '../modules/accounts/session-cache';
import type { Access } from '@shop/shared/api/define';
import type { ChangeFeed } from '../lib/change-feed';
import type { TellChanged } from '../lib/change-topics';
import type { BackOfficeAnswers } from '../plugins/back-office-answers';
import type { Catalogue } from '../plugins/catalogue';
import type { ConfiguredPaymentProvider } from '../plugins/payments';
import type { Uploads } from '../plugins/uploads';
import type { PaymentActions } from '../modules/ordering';
import type { TaxProvider } from '../modules/tax';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    auth: Auth;
    /** Signed-in callers remembered between requests (modules/accounts/session-cache.ts). */
    sessionCache: SessionCache;
    adminEmails: ReadonlySet<string>;
    /** The card processor (plugins/payments.ts). */
    payments: ConfiguredPaymentProvider;
    /** What ordering asks of payments (modules/ordering/orders/payment-actions.ts). */
    paymentActions: PaymentActions;
    /** Decides the tax of carts and orders (plugins/tax.ts, modules/tax). */
    tax: TaxProvider;
    /** Picture storage and the sweep of unused pictures (plugins/uploads.ts). */
    uploads: Uploads;
    /** Rate-limit counters, in Redis with REDIS_URL (plugins/rate-limit.ts). */
    counters: Counters;
    /** Tells every instance that something kept in memory changed (lib/change-feed.ts). */
    changeFeed: ChangeFeed;
    /** The public catalogue and reviews, kept in memory (plugins/catalogue.ts). */
    catalogue: Catalogue;
    /** Total Orders' pages and the dashboard, kept between writes (plugins/back-office-answers.ts). */
    backOffice: BackOfficeAnswers;
    /** Services tell through it what a committed write changed (lib/change-topics.ts). */
    tellChanged: TellChanged;
    /** Transactional mail, queued in process (plugins/mail.ts). */
    mail: Mailer;
    /** Background jobs: pg-boss on PostgreSQL, in process on PGlite (plugins/jobs.ts). */
    jobs: JobQueue;
  }
  interface FastifyRequest {
    /** The signed-in caller; null on public routes called without a valid token. */
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route. Every /api route must declare it (plugins/access.ts). */
    access?: Access;
    /** The route answers JSON (lib/add-route.ts): its security headers need no page nonce. */
    answersJson?: boolean;
    /** Every answer of the route says `Cache-Control: no-store` (lib/add-route.ts). */
    noStore?: boolean;
  }
}
