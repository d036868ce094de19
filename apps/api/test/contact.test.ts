import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactCopy } from '@shop/shared/contact-copy';
import { copy } from '@shop/shared/copy';
import type { ContactMessage, ContactMessagePage } from '@shop/shared/contracts/contact';
import { CONTROL_CHARACTERS_MESSAGE } from '@shop/shared/fields';
import type { RouteInput } from '@shop/shared/api/routes';
import { contactMessages } from '../src/modules/backoffice/contact/contact-messages.table';
import { call } from './helpers/call';
import { startSmtpSink, type SmtpSink } from './helpers/smtp-sink';
import {
  createTestApp,
  signUpAdmin,
  signUpCustomer,
  type SignedIn,
  type TestContext,
} from './helpers/test-app';

const SHOP = 'https://shop.example';
const SHOP_EMAIL = 'inbox@brushworks.test';

let sink: SmtpSink;
let ctx: TestContext;
let admin: SignedIn;
let customer: SignedIn;

type ContactBody = RouteInput<'POST /contact'>['body'];

const valid = (overrides: Partial<ContactBody> = {}): ContactBody => ({
  firstName: 'Mara',
  lastName: 'Quill',
  email: 'mara@painters.test',
  phone: '+44 114 496 0000',
  message: 'Do you sell the round brushes in boxes of fifty?\n\nThanks, Mara',
  ...overrides,
});

const send = (body: ContactBody, as: SignedIn | null = null) => call(ctx.app, 'POST /contact', { as, body });
/** A message the form would never send (bad input), as it is. */
const sendUnsafely = (unsafeBody: unknown) => call(ctx.app, 'POST /contact', { unsafeBody });

const list = async (query: RouteInput<'GET /contact-messages'>['query'] = {}) => {
  const response = await call(ctx.app, 'GET /contact-messages', { as: admin, query });
  expect(response.status, response.text).toBe(200);
  return response.body;
};

type State = RouteInput<'PATCH /contact-messages/:id'>['body']['state'];
const setState = (id: string, state: State, as: SignedIn | null = admin) =>
  call(ctx.app, 'PATCH /contact-messages/:id', { as, params: { id }, body: { state } });

const storedCount = async () => (await ctx.database.db.select().from(contactMessages)).length;

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestApp({
    env: { PUBLIC_URL: SHOP, SMTP_URL: sink.url, SHOP_EMAIL, MAIL_RETRY_DELAY_MS: '10' },
  });
  admin = await signUpAdmin(ctx.app, sink);
  customer = await signUpCustomer(ctx.app, 'contact');
});
afterAll(async () => {
  await ctx?.close();
  await sink?.close();
});

describe('POST /contact', () => {
  it('stores the message unread and mails it to SHOP_EMAIL, with Reply-To the sender', async () => {
    const response = await send(valid());
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ success: true });

    const mail = await sink.nextMail(SHOP_EMAIL, { subject: 'Mara Quill' });
    expect(mail.replyTo?.value).toEqual([{ name: 'Mara Quill', address: 'mara@painters.test' }]);
    for (const part of [mail.text, String(mail.html)]) {
      expect(part).toContain('Do you sell the round brushes in boxes of fifty?');
      expect(part).toContain('+44 114 496 0000');
      expect(part).toContain(`${SHOP}/dashboard/inbox`);
    }

    const [stored] = (await list()).messages;
    expect(stored).toMatchObject({
      firstName: 'Mara',
      lastName: 'Quill',
      email: 'mara@painters.test',
      state: 'unread',
      message: 'Do you sell the round brushes in boxes of fifty?\n\nThanks, Mara',
    });
  });

  it('takes a message without last name or phone, signed in or not', async () => {
    const response = await send({ firstName: 'Ola', email: 'OLA@Painters.test', message: 'Hello' }, customer);
    expect(response.status).toBe(201);
    const [stored] = (await list()).messages;
    expect(stored).toMatchObject({ firstName: 'Ola', lastName: '', phone: '', email: 'ola@painters.test' });
  });

  it('refuses bad input with a message per field and stores nothing', async () => {
    const before = await storedCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [valid({ firstName: '  ' }), 'firstName', contactCopy.firstNameRequired],
      [valid({ firstName: undefined }), 'firstName', contactCopy.firstNameRequired],
      [valid({ email: '' }), 'email', copy.emailRequired],
      [valid({ email: 'mara@' }), 'email', copy.emailInvalid],
      [valid({ phone: 'call me' }), 'phone', contactCopy.phoneInvalid],
      [valid({ message: ' \n ' }), 'message', contactCopy.messageRequired],
      [valid({ message: 'x'.repeat(5001) }), 'message', 'Your message must be 5000 characters or fewer'],
      [valid({ lastName: 'y'.repeat(101) }), 'lastName', 'Last name must be 100 characters or fewer'],
      [valid({ firstName: 'Ma\u0000ra' }), 'firstName', CONTROL_CHARACTERS_MESSAGE],
      [valid({ firstName: 'Ma\nra' }), 'firstName', CONTROL_CHARACTERS_MESSAGE],
    ];
    for (const [payload, field, message] of cases) {
      const response = await sendUnsafely(payload);
      expect(response.status, JSON.stringify(payload).slice(0, 80)).toBe(400);
      const body = response.error;
      expect(body.code).toBe('invalid-input');
      expect(body.issues).toContainEqual({ field, message });
    }
    const unknown = await sendUnsafely({ ...valid(), state: 'read' });
    expect(unknown.status).toBe(400);
    expect(await storedCount()).toBe(before);
  });

  it('keeps line breaks and tabs in the message (multi-line), refuses other control characters', async () => {
    expect((await send(valid({ message: 'one\r\n\ttwo' }))).status).toBe(201);
    const refused = await send(valid({ message: 'bell\u0007' }));
    expect(refused.status).toBe(400);
  });

  it('answers a filled honeypot exactly as a real message, and stores and mails nothing', async () => {
    const before = await storedCount();
    const bot = await send(valid({ website: 'https://spam.example', firstName: 'Bot' }));
    const human = await send(valid({ website: '', firstName: 'Human' }));
    expect(bot.status).toBe(201);
    expect(bot.text).toBe(human.text);
    expect(await storedCount()).toBe(before + 1);
    expect((await list()).messages.map((m) => m.firstName)).not.toContain('Bot');
    await sink.nextMail(SHOP_EMAIL, { subject: 'Human' });
    expect(sink.received.some((mail) => mail.subject?.includes('Bot'))).toBe(false);
  });

  it('keeps the message when the mail cannot be sent', async () => {
    sink.refuseNext(100);
    const response = await send(valid({ firstName: 'Kept', message: 'The mail server is down' }));
    expect(response.status).toBe(201);
    await ctx.app.mail.idle();
    sink.refuseNext(0);
    const [stored] = (await list()).messages;
    expect(stored).toMatchObject({ firstName: 'Kept', state: 'unread' });
    // The mail itself is kept for the operator (docs/behaviour.md §4.8).
    expect(readdirSync(path.join(ctx.dataDir, 'outbox', 'failed')).length).toBeGreaterThan(0);
  });
});

describe('the contact limit', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestApp({ env: { CONTACT_RATE_LIMIT_MAX: '3', SMTP_URL: sink.url } });
  });
  afterAll(() => limited?.close());

  it('answers 429 with Retry-After after the limit per client, bad input and honeypot included', async () => {
    const post = (body: ContactBody) => call(limited.app, 'POST /contact', { body });
    expect((await post(valid())).status).toBe(201);
    expect((await post(valid({ email: 'nope' }))).status).toBe(400);
    expect((await post(valid({ website: 'x' }))).status).toBe(201);
    const refused = await post(valid());
    expect(refused.status).toBe(429);
    expect(refused.error).toMatchObject({ code: 'rate-limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const other = await call(limited.app, 'POST /contact', { body: valid(), remoteAddress: '10.1.2.3' });
    expect(other.status).toBe(201);
  });
});

describe('the admin inbox', () => {
  let sent: ContactMessage[];

  beforeAll(async () => {
    await ctx.database.db.delete(contactMessages);
    for (let i = 1; i <= 5; i += 1) {
      expect((await send(valid({ firstName: `Sender${i}`, message: `Message ${i}` }))).status).toBe(201);
    }
    sent = (await list()).messages;
  });

  it('lists newest first, pages with a cursor, and counts the unread', async () => {
    expect(sent.map((m) => m.firstName)).toEqual(['Sender5', 'Sender4', 'Sender3', 'Sender2', 'Sender1']);
    const first = await list({ limit: '2' });
    expect(first.messages.map((m) => m.firstName)).toEqual(['Sender5', 'Sender4']);
    expect(first.unreadCount).toBe(5);
    const second = await list({ limit: '2', cursor: first.nextCursor! });
    expect(second.messages.map((m) => m.firstName)).toEqual(['Sender3', 'Sender2']);
    const third = await list({ limit: '2', cursor: second.nextCursor! });
    expect(third.messages.map((m) => m.firstName)).toEqual(['Sender1']);
    expect(third.nextCursor).toBeNull();
  });

  it('pages messages sent in the same millisecond without loss or repeat', async () => {
    const at = new Date('2026-01-01T10:00:00.000Z');
    const rows = await ctx.database.db
      .insert(contactMessages)
      .values(
        ['A', 'B', 'C'].map((name) => ({
          firstName: `Same${name}`,
          lastName: '',
          email: 'same@t.test',
          phone: '',
          message: 'm',
          createdAt: at,
          state: 'archived' as const,
        })),
      )
      .returning();
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: ContactMessagePage = await list({
        state: 'archived',
        limit: '1',
        ...(cursor ? { cursor } : {}),
      });
      seen.push(...page.messages.map((m) => m._id));
      cursor = page.nextCursor;
    }
    expect(seen.sort()).toEqual(rows.map((row) => row.id).sort());
    // Leave the five senders for the tests after this one.
    await ctx.database.db.delete(contactMessages).where(eq(contactMessages.email, 'same@t.test'));
  });

  it('refuses a made-up cursor, state or limit with a clear message', async () => {
    for (const query of [
      { cursor: 'made-up' } as Record<string, string>,
      { state: 'spam' },
      { limit: '0' },
      { limit: '101' },
      { limit: 'two' },
    ]) {
      const response = await call(ctx.app, 'GET /contact-messages', { as: admin, unsafeQuery: query });
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.error.message.length).toBeGreaterThan(5);
    }
  });

  it('gets one message without changing it; read, archive and unarchive change the filters', async () => {
    const target = sent[2]!;
    const one = await call(ctx.app, 'GET /contact-messages/:id', { as: admin, params: { id: target._id } });
    expect(one.body).toEqual(target);
    expect(one.body.state).toBe('unread');

    const read = await setState(target._id, 'read');
    expect(read.body).toMatchObject({ _id: target._id, state: 'read' });
    expect((await list({ state: 'unread' })).messages.map((m) => m._id)).not.toContain(target._id);
    expect((await list({ state: 'read' })).messages.map((m) => m._id)).toEqual([target._id]);
    expect((await list()).unreadCount).toBe(4);

    await setState(target._id, 'archived');
    expect((await list()).messages.map((m) => m._id)).not.toContain(target._id);
    expect((await list({ state: 'archived' })).messages.map((m) => m._id)).toEqual([target._id]);

    await setState(target._id, 'read');
    expect((await list()).messages.map((m) => m._id)).toContain(target._id);
    expect((await list({ state: 'archived' })).messages).toEqual([]);

    await setState(target._id, 'unread');
    expect((await list()).unreadCount).toBe(5);
  });

  it('answers 404 for an unknown or malformed id, 400 for an unknown state', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await setState(unknown, 'read')).status).toBe(404);
    expect((await setState('not-a-uuid', 'read')).status).toBe(404);
    const get = await call(ctx.app, 'GET /contact-messages/:id', { as: admin, params: { id: unknown } });
    expect(get.status).toBe(404);
    const deleted = await call(ctx.app, 'PATCH /contact-messages/:id', {
      as: admin,
      params: { id: sent[0]!._id },
      unsafeBody: { state: 'deleted' },
    });
    expect(deleted.status).toBe(400);
  });

  it('is for admins only: 401 without sign-in, 403 for a customer, and nothing changes', async () => {
    const id = sent[0]!._id;
    for (const [as, status] of [
      [null, 401],
      [customer, 403],
    ] as const) {
      const get = await call(ctx.app, 'GET /contact-messages', { as });
      expect(get.status).toBe(status);
      const one = await call(ctx.app, 'GET /contact-messages/:id', { as, params: { id } });
      expect(one.status).toBe(status);
      expect((await setState(id, 'archived', as)).status).toBe(status);
    }
    expect((await list()).messages.find((m) => m._id === id)?.state).toBe('unread');
  });
});
