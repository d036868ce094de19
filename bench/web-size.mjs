#!/usr/bin/env node
// The home page's weight as a phone's browser receives it. Starts the real server (npm start's
// code path, on a free port with a fresh data directory and the demo catalogue) on the web app
// `npm run build` just made, opens the home page in Chromium at a phone's size without scrolling,
// and counts the bytes that came over the network (compressed, as sent):
//   - JavaScript fetched by the load event,
//   - JavaScript fetched by network idle (what loads later without the user doing anything),
//   - everything the first visit moved, of every type, headers included.
// Fails when either JavaScript figure is over the budget. Sizes only, no timings, so a busy
// machine gives the same answer. kB of 1000 bytes, as Vite prints them.
// Usage: npm run size  (builds the web app first)
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { freePort, waitForHealth } from './lib/server.mjs';

const BUDGET_KB = 100;
const CHROMIUM_PATH = process.env.E2E_CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** A phone: the e2e suite's 390 px wide screen, at a phone's pixel density. */
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
/** Network idle: nothing in flight for this long (long enough for idle-time loads to start). */
const QUIET_MS = 2500;

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const webDist = path.join(repoRoot, 'apps/web/dist');
const kB = (bytes) => (bytes / 1000).toFixed(1);

if (!existsSync(path.join(webDist, 'index.html'))) {
  console.error(`No web build in ${webDist}: run "npm run size", which builds it first.`);
  process.exit(1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'brushworks-size-'));
const port = await freePort();
const baseURL = `http://127.0.0.1:${port}`;
let server;
let browser;
try {
  await startServerWithRetries();
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const transfers = await visitHome(browser);
  const failed = report(transfers);
  process.exitCode = failed ? 1 : 0;
} finally {
  await browser?.close();
  await stopServer();
  rmSync(dataDir, { recursive: true, force: true });
}

/** Opens the home page once in a fresh context; every response with its phase and sizes. */
async function visitHome(browser) {
  const context = await browser.newContext({ ...PHONE, locale: 'en-US' });
  const page = await context.newPage();
  const requests = [];
  let isLoaded = false;
  let inFlight = 0;
  let lastActivity = Date.now();
  page.on('load', () => (isLoaded = true));
  page.on('request', (request) => {
    requests.push({ request, phase: isLoaded ? 'idle' : 'load' });
    inFlight += 1;
    lastActivity = Date.now();
  });
  const settle = () => {
    inFlight -= 1;
    lastActivity = Date.now();
  };
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);

  await page.goto(baseURL, { waitUntil: 'load' });
  const deadline = Date.now() + 60_000;
  while (inFlight > 0 || Date.now() - lastActivity < QUIET_MS) {
    if (Date.now() > deadline) throw new Error('The home page never went quiet');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const transfers = [];
  for (const { request, phase } of requests) {
    const response = await request.response();
    if (!response) continue;
    const sizes = await request.sizes();
    const headers = await response.allHeaders();
    const body = sizes.responseBodySize || Number(headers['content-length'] ?? 0);
    const url = new URL(request.url());
    transfers.push({
      phase,
      type: request.resourceType(),
      path: url.origin === baseURL ? url.pathname : url.href,
      encoding: headers['content-encoding'] ?? '',
      body,
      total: body + sizes.responseHeadersSize,
    });
  }
  await context.close();
  return transfers;
}

/** Prints the table and the totals; says whether the budget is broken. */
function report(transfers) {
  const scripts = transfers.filter((transfer) => transfer.type === 'script');
  const byLoad = sum(scripts.filter((transfer) => transfer.phase === 'load'));
  const byIdle = sum(scripts);
  const everything = transfers.reduce((total, transfer) => total + transfer.total, 0);

  console.log(`Home page on a ${PHONE.viewport.width} px phone, first visit, no scrolling (kB as sent):`);
  console.log(
    `  ${'kB'.padStart(7)}  ${'gzip kB'.padStart(7)}  phase  ${'type'.padEnd(10)} ${'enc'.padEnd(4)} file`,
  );
  for (const transfer of transfers) {
    const gzip = transfer.type === 'script' ? gzipSize(transfer.path) : undefined;
    console.log(
      `  ${kB(transfer.body).padStart(7)}  ${(gzip === undefined ? '' : kB(gzip)).padStart(7)}  ${transfer.phase.padEnd(5)}  ${transfer.type.padEnd(10)} ${transfer.encoding.padEnd(4)} ${transfer.path}`,
    );
  }
  const gzipByIdle = scripts.reduce(
    (total, transfer) => total + (gzipSize(transfer.path) ?? transfer.body),
    0,
  );
  console.log('');
  console.log(`  JavaScript by the load event:   ${kB(byLoad).padStart(6)} kB (budget ${BUDGET_KB} kB)`);
  console.log(`  JavaScript by network idle:     ${kB(byIdle).padStart(6)} kB (budget ${BUDGET_KB} kB)`);
  console.log(
    `    the same files as gzip:       ${kB(gzipByIdle).padStart(6)} kB (a browser without brotli)`,
  );
  console.log(
    `  Everything, headers included:   ${kB(everything).padStart(6)} kB in ${transfers.length} responses`,
  );

  const over = [
    ['by the load event', byLoad],
    ['by network idle', byIdle],
  ].filter(([, bytes]) => bytes / 1000 > BUDGET_KB);
  for (const [when, bytes] of over) {
    console.error(
      `Over budget: JavaScript ${when} is ${kB(bytes)} kB, ${kB(bytes - BUDGET_KB * 1000)} kB too many`,
    );
  }
  return over.length > 0;
}

function sum(transfers) {
  return transfers.reduce((total, transfer) => total + transfer.body, 0);
}

/** The size of the build's gzip copy of a served file, if it has one. */
function gzipSize(urlPath) {
  const file = path.join(webDist, `${urlPath}.gz`);
  return existsSync(file) ? statSync(file).size : undefined;
}

/** `npm run serve`'s command, on the build above, quiet but for warnings. */
function startServer() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(repoRoot, 'apps/api'),
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist,
      SEED_DEMO: 'true',
      PAYMENTS: 'demo',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      S3_BUCKET: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

/**
 * On a busy machine the embedded database can take longer to open than the server gives its
 * plugins, and the server stops: a fresh start usually makes it.
 */
async function startServerWithRetries(attempts = 3) {
  for (let attempt = 1; ; attempt += 1) {
    server = startServer();
    try {
      await waitForHealth(baseURL, server);
      return;
    } catch (error) {
      await stopServer();
      if (attempt === attempts) throw error;
      console.warn(`The server did not start (${error.message}); starting it again`);
      rmSync(dataDir, { recursive: true, force: true });
      mkdirSync(dataDir);
    }
  }
}

async function stopServer() {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const ended = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 15_000);
  await ended;
  clearTimeout(timer);
}
