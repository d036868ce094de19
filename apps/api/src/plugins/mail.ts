import path from 'node:path';
import fp from 'fastify-plugin';
import { publicUrlOf } from '../config';
import { createMailer } from '../modules/mail';

/**
 * Decorates `app.mail`: SMTP with SMTP_URL, otherwise files in DATA_DIR/outbox, so that a fresh
 * `npm start` can reset passwords with no setup (the link is in the .eml file).
 */
export default fp(
  async (app) => {
    const { config } = app;
    const outboxDir = path.resolve(config.DATA_DIR, 'outbox');
    const mailer = createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir,
      shopUrl: publicUrlOf(config),
      // Backoff: each wait twice the one before.
      retryDelaysMs: Array.from(
        { length: config.MAIL_RETRIES },
        (_, i) => config.MAIL_RETRY_DELAY_MS * 2 ** i,
      ),
      log: app.log.child({ module: 'mail' }),
    });
    if (!config.SMTP_URL) app.log.info(`No SMTP_URL: mail is written to ${outboxDir}`);
    app.decorate('mail', mailer);
    app.addHook('onClose', () => mailer.close());
  },
  { name: 'mail' },
);
