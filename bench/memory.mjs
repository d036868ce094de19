#!/usr/bin/env node
// The server's memory on the embedded database (PGlite), as `npm start` runs it (`npm run serve`:
// the bundle `npm run build` makes, built here first) on a fresh data directory: resident memory
// (RSS) when it is ready on the first start (database created, migrations applied, demo data
// added), its peak during that start, after a thousand mixed requests (browsing, a sign-up,
// orders), and the same again on a warm restart of the same directory. Fails when any figure is
// above the budget (issue 31: 250 MB).
// Usage: npm run bench:memory   (REQUESTS=1000 by default; the web build is not needed)
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitForHealth } from './lib/server.mjs';

const BUDGET_MB = 250;
const REQUESTS = Number(process.env.REQUESTS ?? 1000);
const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-memory-'));
execFileSync(process.execPath, [path.join(root, 'apps/api/build.mjs')], { stdio: 'inherit' });

/** Resident and peak resident memory of a process, in MB (Linux /proc). */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kB = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kB('VmRSS') / 1024, peak: kB('VmHWM') / 1024 };
}

async function startServer(port) {
  // The embedded database, whatever this shell's environment says.
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const server = spawn(process.execPath, ['apps/api/dist/server.mjs'], {
    cwd: root,
    env: {
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealth(`http://127.0.0.1:${port}`, server, 180_000);
  return server;
}

async function stopServer(server) {
  const stopped = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await stopped;
}

/** Browsing (catalogue, one tool, reviews), then a customer signing up and ordering. */
async function someRequests(port) {
  const api = `http://127.0.0.1:${port}/api`;
  const call = async (method, url, { token, body } = {}) => {
    const response = await fetch(api + url, {
      method,
      headers: {
        ...(body && { 'content-type': 'application/json' }),
        ...(token && { authorization: `Bearer ${token}` }),
      },
      body: body && JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}`);
    return response.json();
  };
  const tools = await call('GET', '/tool');
  const email = `memory-${Date.now()}@bench.test`;
  const { token } = await call('POST', '/account', {
    body: { name: 'Memory Bench', email, password: 'a-bench-password-9' },
  });
  const browsing = REQUESTS - 10;
  for (let i = 0; i < browsing; i++) {
    const tool = tools[i % tools.length];
    if (i % 3 === 0) await call('GET', '/tool');
    else if (i % 3 === 1) await call('GET', `/tool/${tool._id}`);
    else await call('GET', '/review');
  }
  for (let i = 0; i < 5; i++) {
    const tool = tools[i % tools.length];
    const order = {
      toolsId: tool._id,
      quantity: tool.orderQuantity,
      phoneNumber: '01711000000',
      address: '1 Easel Street',
    };
    await call('POST', '/order', { token, body: order });
    await call('GET', '/my-order', { token });
  }
}

const figures = [];
const record = (label, { rss, peak }, withPeak = false) => {
  figures.push({ label, mb: rss });
  if (withPeak) figures.push({ label: `${label}: peak`, mb: peak });
};

try {
  for (const start of ['first start', 'warm restart']) {
    const port = await freePort();
    const server = await startServer(port);
    record(`${start}: ready`, memoryOf(server.pid), true);
    await someRequests(port);
    record(`${start}: after ${REQUESTS} requests`, memoryOf(server.pid), true);
    await stopServer(server);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const width = Math.max(...figures.map(({ label }) => label.length));
for (const { label, mb } of figures) {
  const over = mb > BUDGET_MB ? `  over the ${BUDGET_MB} MB budget` : '';
  console.log(`${label.padEnd(width)}  ${mb.toFixed(0).padStart(4)} MB${over}`);
}
const worst = Math.max(...figures.map(({ mb }) => mb));
if (worst > BUDGET_MB) {
  console.error(`Resident memory reached ${worst.toFixed(0)} MB: the budget is ${BUDGET_MB} MB.`);
  process.exit(1);
}
console.log(`Within the ${BUDGET_MB} MB budget (highest: ${worst.toFixed(0)} MB).`);
