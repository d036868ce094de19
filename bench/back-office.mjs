#!/usr/bin/env node
// The back office at 1,000,000 orders (issue 31 goal 3, docs/performance.md): on PostgreSQL, a
// scratch database (back_office_bench_<pid> on BENCH_DATABASE_URL's server, dropped at the end),
// the real shop (as `npm start` serves it) and a bare Fastify hello-world as child processes.
//
// Phase 1, the demo catalogue: the 10-tool list `GET /api/tool` (from memory), the yardstick.
// Then 10,000 tools, 5,000 customers and 1,000,000 orders are written straight into the database,
// one every 95 s back from now (about three years), as the lifecycle would have left them.
// Phase 2, each against the hello-world of the same phase (interleaved rounds, medians):
// Total Orders' first page, a search by customer name or e-mail, a state filter, and the owner's
// dashboard for 7, 30 and 90 days; each one request at a time too, read afresh after a write
// (the answers are kept in memory between writes, decision 0047). Then the CSV export of every
// order, read to the end while the shop's resident memory is sampled.
// Goals: every page and each period of the dashboard within 3x the cost of the 10-tool list; the
// export's peak memory no higher in its second half than in its first (within 32 MB): it does
// not grow with the rows. Exits 1 when one is missed.
//
// Usage: npm run bench:backoffice [-- --rounds=3 --duration=10 --connections=50 --warmup=2]
//        npm run bench:backoffice -- --smoke   (1 round of 2 s, 100,000 orders)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { signUpAdmin } from './api/fixtures.mjs';
import { aloneMs, roundFlags, roundsOf } from './api/rounds.mjs';
import { runToExit, scratchRun } from './api/scratch.mjs';
import { CUSTOMER_SEARCHES, seedCustomers, seedOrders, seedTools } from './api/seed-orders.mjs';

const { rounds, duration, warmup, connections, smoke } = roundFlags();

const TOOLS = 10_000;
const CUSTOMERS = 5_000;
const ORDERS = smoke ? 100_000 : 1_000_000;
/** One order every this many seconds back from now: 1,000,000 of them span about three years. */
const SPACING_SECONDS = 95;
/** Each page may cost at most this many times the 10-tool list. */
const GOAL_COST_FACTOR = 3;
/** The export's peak memory in its second half may be at most this much above its first half's. */
const EXPORT_MEMORY_BUDGET_MB = 32;
const STATES = ['unpaid', 'paid', 'shipped', 'cancelled', 'expired', 'refunded'];

const run = scratchRun('back_office_bench');
const { measure } = roundsOf({ rounds, duration, warmup, connections });

/** Resident memory of a process, in MB (Linux /proc). */
const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/**
 * Reads the whole export, sampling the shop's memory every 50 ms: lines, seconds, and the peak RSS
 * while the first half of the rows arrived and while the second half did. The heap's garbage
 * comes and goes (a sawtooth); streamed in constant memory, the second half's peak is no higher
 * than the first's, however many rows follow.
 */
async function exportEverything(shop, auth, expectedRows) {
  const before = rssOf(shop.pid);
  const peaks = [before, 0];
  let lines = 0;
  const sampler = setInterval(() => {
    const half = lines < expectedRows / 2 ? 0 : 1;
    peaks[half] = Math.max(peaks[half], rssOf(shop.pid));
  }, 50);
  const started = performance.now();
  let bytes = 0;
  try {
    const response = await fetch(`${shop.url}/api/order-export`, { headers: auth });
    if (!response.ok) throw new Error(`GET /api/order-export: ${response.status}`);
    for await (const chunk of response.body) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines += 1;
    }
  } finally {
    clearInterval(sampler);
  }
  return { before, peaks, seconds: (performance.now() - started) / 1000, bytes, rows: lines - 1 };
}

async function main() {
  await run.createDatabase();
  const shop = await run.startShop({
    AUTH_RATE_LIMIT_MAX: '100000',
    AUTH_EMAIL_RATE_LIMIT_MAX: '100000',
    // Each afresh timing follows a write (dropKeptAnswers below).
    WRITE_RATE_LIMIT_MAX: '100000',
    WRITE_RATE_LIMIT_IP_MAX: '100000',
  });
  const hello = await run.startHello();
  const adminToken = await signUpAdmin(shop.url, path.join(run.workDir, 'data'));
  const auth = { authorization: `Bearer ${adminToken}` };

  console.log('\nPhase 1: the demo catalogue');
  const before = await measure([
    { key: 'hello', label: 'hello-world', url: hello.url, paths: ['/'] },
    { key: 'list', label: 'GET /api/tool (the demo tools)', url: shop.url, paths: ['/api/tool'] },
  ]);

  const pool = new pg.Pool({ connectionString: run.databaseUrl, max: 2 });
  const seeding = Date.now();
  await seedTools(pool, TOOLS);
  await seedCustomers(pool, CUSTOMERS);
  await seedOrders(pool, { count: ORDERS, spacingSeconds: SPACING_SECONDS, customers: CUSTOMERS });
  const { rows } = await pool.query('SELECT count(*)::int AS orders, min(created_at) AS first FROM orders');
  await pool.end();
  console.log(
    `\nSeeded in ${((Date.now() - seeding) / 1000).toFixed(0)} s: ${rows[0].orders.toLocaleString('en-US')} orders since ${rows[0].first.toISOString().slice(0, 10)}`,
  );

  const scenarios = [
    { key: 'hello', label: 'hello-world', url: hello.url, paths: ['/'] },
    { key: 'first', label: 'Total Orders, first page', paths: ['/api/order?limit=24'] },
    {
      key: 'search',
      label: 'search by customer name or e-mail',
      paths: CUSTOMER_SEARCHES.map((q) => `/api/order?limit=24&q=${encodeURIComponent(q)}`),
    },
    {
      key: 'state',
      label: 'state filter',
      paths: STATES.map((state) => `/api/order?limit=24&state=${state}`),
    },
    ...[7, 30, 90].map((days) => ({
      key: `days${days}`,
      label: `dashboard, ${days} days`,
      paths: [`/api/shop-metrics?days=${days}`],
    })),
  ].map((scenario) => (scenario.url ? scenario : { ...scenario, url: shop.url, headers: auth }));

  // Any write that succeeds drops the kept answers (decision 0047): removing a tool that is not in
  // the admin's cart is one that changes nothing. Each request timed right after one reads afresh.
  const [anyTool] = await (await fetch(`${shop.url}/api/tool`)).json();
  const dropKeptAnswers = async () => {
    const response = await fetch(`${shop.url}/api/cart/lines`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ lines: [{ toolId: anyTool._id, quantity: 0 }] }),
    });
    if (!response.ok) throw new Error(`PUT /api/cart/lines: ${response.status}`);
  };
  console.log(
    `\nPhase 2: ${ORDERS.toLocaleString('en-US')} orders, one request at a time, each read afresh (median of 5)`,
  );
  for (const scenario of scenarios.slice(1)) {
    const times = [];
    for (const path of scenario.paths) times.push(await aloneMs(shop.url + path, auth, 5, dropKeptAnswers));
    console.log(
      `  ${scenario.label.padEnd(40)} ${Math.max(...times)
        .toFixed(1)
        .padStart(7)} ms (the slowest of its paths)`,
    );
  }
  console.log(`\nPhase 2 under load, ${rounds} round(s) of ${duration} s at c=${connections}`);
  const after = await measure(scenarios);

  console.log(`\nThe export of every order (GET /api/order-export)`);
  const exported = await exportEverything(shop, auth, ORDERS);
  console.log(
    `  ${exported.rows.toLocaleString('en-US')} rows, ${(exported.bytes / 1e6).toFixed(0)} MB in ${exported.seconds.toFixed(0)} s; the shop's memory ${exported.before.toFixed(0)} MB before, at its peak ${exported.peaks[0].toFixed(0)} MB in the first half of the rows and ${exported.peaks[1].toFixed(0)} MB in the second`,
  );

  const percent = (value) => `${(value * 100).toFixed(1)}%`;
  const listRatio = before.list.rps / before.hello.rps;
  const cost = (key) => listRatio / (after[key].rps / after.hello.rps);
  console.log(`\nMedians of ${rounds} round(s) of ${duration} s at c=${connections}:`);
  console.log(
    `  ${'scenario'.padEnd(42)} ${'req/s'.padStart(7)}  ${'p99'.padStart(7)}  ${'of hello'.padStart(8)}  cost`,
  );
  const line = (entry, hello, costText) =>
    console.log(
      `  ${entry.label.padEnd(42)} ${entry.rps.toFixed(0).padStart(7)}  ${`${entry.p99} ms`.padStart(7)}  ${percent(entry.rps / hello.rps).padStart(8)}  ${costText}`,
    );
  line(before.hello, before.hello, '');
  line(before.list, before.hello, '1x');
  line(after.hello, after.hello, '');
  const missed = [];
  for (const scenario of scenarios.slice(1)) {
    const times = cost(scenario.key);
    if (times > GOAL_COST_FACTOR) missed.push(`${scenario.label} (${times.toFixed(1)}x)`);
    line(after[scenario.key], after.hello, `${times.toFixed(2)}x`);
  }
  // Constant memory: the second half of the rows costs no more than the first. Not judged in a
  // smoke run: 100,000 rows go by before the heap's sawtooth has settled into its size.
  const grew = smoke ? 0 : exported.peaks[1] - exported.peaks[0];
  if (exported.rows !== ORDERS) missed.push(`the export had ${exported.rows} rows, not ${ORDERS}`);
  if (grew > EXPORT_MEMORY_BUDGET_MB)
    missed.push(`the export's second half peaked ${grew.toFixed(0)} MB above its first`);
  console.log(
    `\nGoal: every page within ${GOAL_COST_FACTOR}x the 10-tool list, the export within ${EXPORT_MEMORY_BUDGET_MB} MB: ${missed.length ? `MISSED: ${missed.join('; ')}` : 'met'}`,
  );
  return missed.length === 0;
}

await runToExit(main, run.cleanUp);
