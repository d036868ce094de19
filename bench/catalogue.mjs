#!/usr/bin/env node
// The catalogue at scale (issue 14, docs/behaviour.md §3.4): on PostgreSQL, a scratch database
// (catalogue_bench_<pid> on BENCH_DATABASE_URL's server, default
// postgres://postgres@127.0.0.1:5432/postgres, dropped at the end), the real shop (as `npm start`
// serves it, demo data on) and a bare Fastify hello-world as child processes (bench/api/*).
//
// Phase 1, the demo catalogue of 10 tools: today's parameterless `GET /api/tool` (from memory).
// Then 10,000 tools and 100,000 orders are written straight into the database.
// Phase 2: `GET /api/tool?limit=24`, the same with `q` (rotating words), and the admin's orders
// page `GET /api/order?limit=24`, and the owner's dashboard `GET /api/shop-metrics` (7, 30 and 90
// days in turn, over orders spread across ~116 days). Each scenario is measured as requests/s against the hello-world
// of the same phase (interleaved round by round, medians of the rounds), and the search page is
// compared with the 10-tool list. Goal: the search page at 10,000 tools costs at most 2x the
// 10-tool list (its ratio to hello-world at least half the list's). Not part of CI; exits 1 when
// the goal is missed.
//
// Usage: npm run bench:catalogue [-- --rounds=3 --duration=10 --connections=50 --warmup=2]
//        npm run bench:catalogue -- --smoke   (1 round of 2 s)
import path from 'node:path';
import pg from 'pg';
import { signUpAdmin } from './api/fixtures.mjs';
import { aloneMs, roundFlags, roundsOf } from './api/rounds.mjs';
import { runToExit, scratchRun } from './api/scratch.mjs';
import { seedCustomers, seedOrders, seedTools } from './api/seed-orders.mjs';

const { rounds, duration, warmup, connections } = roundFlags();

const TOOLS = 10_000;
const ORDERS = 100_000;
/** The search page may cost at most this many times the 10-tool list. */
const GOAL_COST_FACTOR = 2;
const SEARCH_WORDS = ['brush', 'roll', 'tape', 'pole', 'sash', 'spray', 'knife', 'tray'];

const run = scratchRun('catalogue_bench');
const { measure } = roundsOf({ rounds, duration, warmup, connections });

async function main() {
  await run.createDatabase();
  const shop = await run.startShop({
    AUTH_RATE_LIMIT_MAX: '100000',
    AUTH_EMAIL_RATE_LIMIT_MAX: '100000',
  });
  const hello = await run.startHello();
  const adminToken = await signUpAdmin(shop.url, path.join(run.workDir, 'data'));
  const demoCount = (await (await fetch(`${shop.url}/api/tool`)).json()).length;

  console.log(`\nPhase 1: the demo catalogue (${demoCount} tools)`);
  const before = await measure([
    { key: 'hello', label: 'hello-world', url: hello.url, paths: ['/'] },
    { key: 'list', label: `GET /api/tool (${demoCount} tools)`, url: shop.url, paths: ['/api/tool'] },
  ]);

  const pool = new pg.Pool({ connectionString: run.databaseUrl, max: 2 });
  const seeding = Date.now();
  await seedTools(pool, TOOLS);
  await seedCustomers(pool, 200);
  // Orders over the last ~116 days (one every 100 s): the dashboard's 7, 30 and 90 days each hold thousands.
  await seedOrders(pool, { count: ORDERS, spacingSeconds: 100, customers: 200 });
  const counts = await pool.query(
    'SELECT (SELECT count(*) FROM tools) AS tools, (SELECT count(*) FROM orders) AS orders',
  );
  await pool.end();
  console.log(
    `\nSeeded in ${((Date.now() - seeding) / 1000).toFixed(1)} s: ${counts.rows[0].tools} tools, ${counts.rows[0].orders} orders`,
  );

  console.log('\nPhase 2: 10,000 tools and 100,000 orders');
  const auth = { authorization: `Bearer ${adminToken}` };
  // The dashboard alone, one request at a time: its latency without the load's queueing.
  for (const days of [7, 30, 90]) {
    const ms = await aloneMs(`${shop.url}/api/shop-metrics?days=${days}`, auth);
    console.log(`  GET /api/shop-metrics?days=${days} alone: median ${ms.toFixed(1)} ms of 5`);
  }
  const after = await measure([
    { key: 'hello', label: 'hello-world', url: hello.url, paths: ['/'] },
    { key: 'page', label: 'GET /api/tool?limit=24', url: shop.url, paths: ['/api/tool?limit=24'] },
    {
      key: 'search',
      label: 'GET /api/tool?limit=24&q=…',
      url: shop.url,
      paths: SEARCH_WORDS.map((word) => `/api/tool?limit=24&q=${word}`),
    },
    {
      key: 'orders',
      label: 'GET /api/order?limit=24 (admin)',
      url: shop.url,
      paths: ['/api/order?limit=24'],
      headers: auth,
    },
    {
      key: 'metrics',
      label: 'GET /api/shop-metrics (7/30/90 days)',
      url: shop.url,
      paths: ['/api/shop-metrics?days=7', '/api/shop-metrics?days=30', '/api/shop-metrics?days=90'],
      headers: auth,
    },
  ]);

  const percent = (value) => `${(value * 100).toFixed(1)}%`;
  const listRatio = before.list.rps / before.hello.rps;
  console.log(`\nMedians of ${rounds} round(s) of ${duration} s at c=${connections}:`);
  console.log(`  ${'scenario'.padEnd(36)} ${'req/s'.padStart(7)}  ${'p99'.padStart(6)}  of hello-world`);
  const line = (entry, hello) =>
    console.log(
      `  ${entry.label.padEnd(36)} ${entry.rps.toFixed(0).padStart(7)}  ${`${entry.p99} ms`.padStart(6)}  ${percent(entry.rps / hello.rps)}`,
    );
  for (const key of ['hello', 'list']) line(before[key], before.hello);
  for (const key of ['hello', 'page', 'search', 'orders', 'metrics']) line(after[key], after.hello);

  const cost = (key) => listRatio / (after[key].rps / after.hello.rps);
  console.log('\nCost against the 10-tool list (x times its cost per request, after hello-world):');
  for (const key of ['page', 'search', 'orders', 'metrics'])
    console.log(`  ${after[key].label.padEnd(36)} ${cost(key).toFixed(2)}x`);
  const met = cost('search') <= GOAL_COST_FACTOR;
  console.log(
    `\nGoal: the search page at ${TOOLS.toLocaleString('en-US')} tools within ${GOAL_COST_FACTOR}x the 10-tool list: ${met ? 'met' : 'MISSED'} (${cost('search').toFixed(2)}x)`,
  );
  return met;
}

await runToExit(main, run.cleanUp);
