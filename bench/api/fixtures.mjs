// What the order rounds of bench/api.mjs need, made through the shop's own API: an admin, tools
// with plenty of stock, fresh signed-in customers; and the stock check after the rounds.
import { randomUUID } from 'node:crypto';

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

export async function signUp(shopUrl, email, name = 'Bench Customer') {
  const { token } = await call(shopUrl, 'POST', '/api/account', {
    body: { name, email, password: PASSWORD },
  });
  return token;
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

/**
 * Per bench tool: stock left must be >= 0, and the units in its orders must equal the units its
 * stock lost. Returns the totals and the tools where either fails.
 */
export async function checkStock(pool, toolIds) {
  const { rows } = await pool.query(
    `SELECT t.id, t.available_quantity AS stock, coalesce(sum(o.quantity), 0)::bigint AS ordered,
            count(o.id)::bigint AS orders
     FROM tools t LEFT JOIN orders o ON o.tool_id = t.id
     WHERE t.id = ANY($1::uuid[]) GROUP BY t.id`,
    [toolIds],
  );
  const wrong = rows.filter((row) => row.stock < 0 || BENCH_STOCK - row.stock !== Number(row.ordered));
  const total = (key) => rows.reduce((sum, row) => sum + Number(row[key]), 0);
  return {
    orders: total('orders'),
    units: total('ordered'),
    decremented: BENCH_STOCK * rows.length - total('stock'),
    wrong,
  };
}
