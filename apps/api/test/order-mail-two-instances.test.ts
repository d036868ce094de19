import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { drainOrderMail } from '../src/modules/ordering/order-mail/drain-order-mail';
import { orderMailOutbox } from '../src/modules/ordering/order-mail/order-mail-outbox.table';
import { placeOrder } from './helpers/payments';
import { pollUntil, quietPeriod } from './helpers/poll';
import { startSmtpSink, type SmtpSink } from './helpers/smtp-sink';
import {
  SHARED_AUTH_SECRET,
  addTool,
  createTestApp,
  onPostgres,
  openTestDatabase,
  signUpAdmin,
  signUpCustomer,
  type TestContext,
} from './helpers/test-app';

/**
 * Two API instances on one PostgreSQL, one SMTP server: every order mail reaches it once,
 * however the instances and their drains race for the outbox (docs/behaviour.md §5.13).
 */
describe.skipIf(!onPostgres)('order mail with two instances on one PostgreSQL', () => {
  const handles: DatabaseHandle[] = [];
  const instances: TestContext[] = [];
  const apps: App[] = [];
  let sink: SmtpSink;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    sink = await startSmtpSink();
    const test = await openTestDatabase();
    drop = test.drop;
    handles.push(test.database, await openDatabase({ url: test.url, poolSize: 10 }));
    const env = { AUTH_SECRET: SHARED_AUTH_SECRET, SMTP_URL: sink.url, PUBLIC_URL: 'https://shop.example' };
    for (const database of handles) instances.push(await createTestApp({ database, env }));
    apps.push(...instances.map((instance) => instance.app));
  });

  afterAll(async () => {
    for (const instance of instances) await instance.close();
    for (const handle of handles) await handle.close();
    await drop?.();
    await sink?.close();
  });

  it('orders placed on both instances at once are each mailed once, while both drain the outbox together', async () => {
    const [one, two] = apps as [App, App];
    expect([one.jobs.kind, two.jobs.kind]).toEqual(['pg-boss', 'pg-boss']);
    const admin = await signUpAdmin(one, sink);
    const toolId = await addTool(one, admin, { availableQuantity: 100_000, orderQuantity: 1 });
    const customers = [
      await signUpCustomer(one, 'ann'),
      await signUpCustomer(two, 'bea'),
      await signUpCustomer(one, 'cyd'),
    ];

    const ids = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        placeOrder(i % 2 === 0 ? one : two, customers[i % 3]!, toolId, 1 + i),
      ),
    );
    // Besides the jobs both instances run, four drains race for the same rows.
    await Promise.all(
      [...apps, ...apps].map((app) =>
        drainOrderMail({
          db: app.database.db,
          mailer: app.mail,
          publicUrl: 'https://shop.example',
          unpaidOrderTtlMs: app.config.UNPAID_ORDER_TTL,
          retryDelaysMs: [100],
          log: app.log,
          batchSize: 3,
          invoiceMail: () => Promise.reject(new Error('no invoices in this test')),
        }),
      ),
    );

    const placedMails = () =>
      sink.received.filter((mail) => mail.subject?.startsWith('We received your order'));
    const outbox = () => one.database.db.select().from(orderMailOutbox);
    await pollUntil(() => placedMails().length >= ids.length, {
      what: () => `${ids.length} mails (${placedMails().length} so far)`,
      timeoutMs: 20_000,
    });
    await pollUntil(async () => (await outbox()).every((row) => row.status === 'sent'), {
      what: 'every outbox row to be sent',
    });
    // Nothing more may come: a duplicate would come from a drain still at work on either
    // instance, and no queue says when it is idle, so one is given 2.5 s to arrive.
    await quietPeriod(2500);
    const mailedIds = placedMails().map((mail) => /Order ([0-9a-f-]{36})/.exec(mail.text ?? '')?.[1]);
    expect(mailedIds.sort()).toEqual([...ids].sort());
    for (const [i, id] of ids.entries()) {
      const mail = placedMails().find((candidate) => candidate.text?.includes(id));
      expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toContain(customers[i % 3]!.email);
    }
    const rows = await outbox();
    expect(rows).toHaveLength(ids.length);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });
});
