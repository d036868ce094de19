// What the order and checkout rounds of bench/api.mjs need, made through the shop's own API: an
// admin, tools with plenty of stock, fresh signed-in customers and their addresses; and the
// checks of the stock and of the orders after the rounds.
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const ADMIN_EMAIL = 'bench-admin@bench.test';
const PASSWORD = 'bench-password-1234';
/** At most 1,000,000 units (the route's bound); orders take the minimum each. */
const BENCH_STOCK = 1_000_000;
export const BENCH_MIN_ORDER = 2;

async function call(shopUrl, method, path, { body, token } = {}) {
  const response = await fetch(shopUrl + path, {
    method,
    headers: {
      ...(body && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: body && JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

async function signUp(shopUrl, email, name = 'Bench Customer') {
  const { token } = await call(shopUrl, 'POST', '/api/account', {
    body: { name, email, password: PASSWORD },
  });
  return token;
}

/** An .eml as nodemailer writes it, its quoted-printable undone (soft line breaks joined). */
const unquote = (raw) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));

/** The shop's outbox files (DATA_DIR/outbox, no SMTP_URL); none before its first mail. */
const emlFiles = (outbox) =>
  existsSync(outbox) ? readdirSync(outbox).filter((file) => file.endsWith('.eml')) : [];

/**
 * The admin: an ADMIN_EMAILS address is one only once it is verified (docs/behaviour.md §4.1),
 * so the link mailed at sign-up is read from the shop's outbox and opened. (The API tests'
 * helpers/mailbox.ts does the same in TypeScript, which plain node cannot load.)
 */
export async function signUpAdmin(shopUrl, dataDir) {
  const token = await signUp(shopUrl, ADMIN_EMAIL, 'Bench Admin');
  const outbox = path.join(dataDir, 'outbox');
  for (let tries = 0; tries < 200; tries += 1) {
    for (const name of emlFiles(outbox)) {
      const mail = unquote(readFileSync(path.join(outbox, name), 'utf8'));
      const link = /\/verify-email\?token=([\w.%-]+)/.exec(mail);
      if (new RegExp(`^To: ${ADMIN_EMAIL}`, 'm').test(mail) && link) {
        await call(shopUrl, 'POST', '/api/email-verification/complete', {
          body: { token: decodeURIComponent(link[1]) },
        });
        return token;
      }
    }
    await sleep(50); // the mail is queued, not sent, by the sign-up: look again shortly
  }
  throw new Error(`No verification mail to ${ADMIN_EMAIL} in ${outbox}`);
}

/** `count` new customers, a few sign-ups at a time (each hashes a password). */
export async function signUpCustomers(shopUrl, count) {
  const tokens = [];
  const batch = 5;
  for (let start = 0; start < count; start += batch) {
    const size = Math.min(batch, count - start);
    const emails = Array.from({ length: size }, () => `c-${randomUUID().slice(0, 12)}@bench.test`);
    tokens.push(...(await Promise.all(emails.map((email) => signUp(shopUrl, email)))));
  }
  return tokens;
}

export async function addBenchTools(shopUrl, adminToken, count) {
  const ids = [];
  for (let index = 0; index < count; index += 1) {
    const { insertedId } = await call(shopUrl, 'POST', '/api/tool', {
      token: adminToken,
      body: {
        name: `Bench Roller ${index + 1}`,
        availableQuantity: BENCH_STOCK,
        orderQuantity: BENCH_MIN_ORDER,
        perPartsPrice: 1,
        description: 'A roller that exists only for the API benchmark.',
        img: 'https://images.example.com/bench-roller.webp',
        category: 'home',
      },
    });
    ids.push(insertedId);
  }
  return ids;
}

/** Takes bench tools out of the shop (their orders keep them: they are archived, decision 0022). */
export async function archiveBenchTools(shopUrl, adminToken, ids) {
  for (const id of ids) await call(shopUrl, 'DELETE', `/api/delete-tool/${id}`, { token: adminToken });
}

export async function listToolIds(shopUrl) {
  return (await call(shopUrl, 'GET', '/api/tool')).map((tool) => tool._id);
}

/** One address per customer (each customer's first, so its default), a few at a time. */
export async function addAddresses(shopUrl, tokens) {
  const ids = [];
  const batch = 10;
  for (let start = 0; start < tokens.length; start += batch) {
    const added = await Promise.all(
      tokens.slice(start, start + batch).map((token) =>
        call(shopUrl, 'POST', '/api/address', {
          token,
          body: {
            name: 'Bench Buyer',
            company: 'Bench Decorators Ltd',
            line1: '1 Benchmark Road',
            city: 'Leeds',
            postalCode: 'LS1 4AB',
            country: 'GB',
            phone: '+44 113 496 0000',
          },
        }),
      ),
    );
    ids.push(...added.map((address) => address._id));
  }
  return ids;
}

/**
 * Per bench tool, from its order lines (an order of many tools has a line per tool; its own
 * tool_id is null) and its stock ledger: stock left must be >= 0, the units in its lines must
 * equal the units its stock lost, and the stock must equal the sum of its ledger's movements.
 * Returns the totals and the tools where any of these fails.
 */
export async function checkStock(pool, toolIds) {
  const { rows } = await pool.query(
    `SELECT t.id, t.available_quantity AS stock,
            coalesce((SELECT sum(l.quantity) FROM order_lines l WHERE l.tool_id = t.id), 0)::bigint AS ordered,
            (SELECT count(*) FROM order_lines l WHERE l.tool_id = t.id)::bigint AS lines,
            coalesce((SELECT sum(m.delta) FROM stock_movements m WHERE m.tool_id = t.id), 0)::bigint AS ledger
     FROM tools t WHERE t.id = ANY($1::uuid[])`,
    [toolIds],
  );
  const wrong = rows.filter(
    (row) =>
      row.stock < 0 || BENCH_STOCK - row.stock !== Number(row.ordered) || Number(row.ledger) !== row.stock,
  );
  const total = (key) => rows.reduce((sum, row) => sum + Number(row[key]), 0);
  return {
    lines: total('lines'),
    units: total('ordered'),
    decremented: BENCH_STOCK * rows.length - total('stock'),
    wrong,
  };
}

/**
 * The orders that hold a line of these tools (a checkout round's): how many, and those whose
 * lines are not `lineCount`, counted in order_lines and as the order says (line_count).
 */
export async function checkOrderLines(pool, toolIds, lineCount) {
  const { rows } = await pool.query(
    `SELECT o.id, o.line_count, (SELECT count(*) FROM order_lines l WHERE l.order_id = o.id)::int AS lines
     FROM orders o
     WHERE o.id IN (SELECT order_id FROM order_lines WHERE tool_id = ANY($1::uuid[]))`,
    [toolIds],
  );
  return {
    orders: rows.length,
    wrong: rows.filter((row) => row.lines !== lineCount || row.line_count !== lineCount),
  };
}
