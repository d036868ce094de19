// What every API benchmark sets up and takes down: a scratch PostgreSQL database and a work
// folder, the real shop started on them as `npm start` serves it, and the medians of the rounds.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ADMIN_EMAIL } from './fixtures.mjs';
import { startServer } from './processes.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** CPU time spent and idle since boot, over all cores (Linux /proc/stat), in clock ticks. */
function cpuTicks() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/);
  const ticks = fields.map(Number);
  const idle = ticks[3] + ticks[4]; // idle and iowait
  return { idle, total: ticks.reduce((sum, n) => sum + n, 0) };
}

/**
 * Waits until the machine is nearly idle (under 15% busy over a quarter of a second, twice in a
 * row; at most a minute). A scenario's work does not end with its round: requests still in
 * flight (the dashboard's take a second each), PostgreSQL's and the shop's catching up, would
 * be counted against the next scenario; a hello-world round after the dashboard's ran at half
 * speed. Off Linux it returns at once.
 */
export async function untilMachineQuiet() {
  let quiet = 0;
  const started = Date.now();
  while (quiet < 2 && Date.now() - started < 60_000) {
    let before;
    try {
      before = cpuTicks();
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
    const after = cpuTicks();
    const busy = 1 - (after.idle - before.idle) / Math.max(1, after.total - before.total);
    quiet = busy < 0.15 ? quiet + 1 : 0;
  }
}

/**
 * A database `<prefix>_<pid>` on BENCH_DATABASE_URL's server (default
 * postgres://postgres@127.0.0.1:5432/postgres) and a temporary folder, both removed by
 * `cleanUp()` (also on Ctrl-C or SIGTERM), which first stops every server in `servers`.
 */
export function scratchRun(prefix) {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const databaseName = `${prefix}_${process.pid}`;
  const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${databaseName}` }).toString();
  const workDir = mkdtempSync(path.join(tmpdir(), `${prefix.replaceAll('_', '-')}-`));
  const servers = [];

  async function onServer(sql) {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }

  async function cleanUp() {
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(workDir, { recursive: true, force: true });
    // Last: dropping WITH (FORCE) ends the benchmark's own connections too, when it is stopped
    // mid-query (a seeding), and their errors may end this process.
    await onServer(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`).catch((error) =>
      console.error(`could not drop ${databaseName}: ${error.message}`),
    );
  }
  // Stopped from outside (Ctrl-C, or `kill`): the servers go too. A shop left running would go on
  // working through its jobs and slow whatever runs next.
  process.once('SIGINT', () => cleanUp().finally(() => process.exit(130)));
  process.once('SIGTERM', () => cleanUp().finally(() => process.exit(143)));

  return {
    databaseUrl,
    workDir,
    servers,
    cleanUp,
    async createDatabase() {
      await onServer(`CREATE DATABASE ${databaseName}`);
      console.log(`database ${databaseName}; logs in ${workDir}`);
    },
    /** Starts a server and stops it in `cleanUp()`. */
    async start(options) {
      const server = await startServer({ ...options, logFile: path.join(workDir, options.logFile) });
      servers.push(server);
      return server;
    },
    /** The bare Fastify hello-world every ratio is taken against (bench/api/hello-server.mjs). */
    startHello() {
      return this.start({
        name: 'hello-world',
        args: [path.join(root, 'bench/api/hello-server.mjs')],
        logFile: 'hello.log',
      });
    },
    /**
     * The shop as `npm start` serves it in production (its bundle, built first; request log at
     * info, demo data), its API only, with the limits a benchmark would hit raised by `env`. With SHOP_CPU_PROFILE_DIR set,
     * the shop writes a V8 CPU profile of its whole run there when it stops
     * (`node bench/profile-summary.mjs FILE` reads it).
     */
    startShop(env = {}) {
      const profileDir = process.env.SHOP_CPU_PROFILE_DIR;
      const profiling = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
      execFileSync(process.execPath, [path.join(root, 'apps/api/build.mjs')], { stdio: 'inherit' });
      return this.start({
        name: 'shop',
        args: [...profiling, path.join(root, 'apps/api/dist/server.mjs')],
        logFile: 'shop.log',
        readyPath: '/api/health',
        env: {
          DATABASE_URL: databaseUrl,
          NODE_ENV: 'production',
          AUTH_SECRET: randomBytes(24).toString('hex'),
          DATA_DIR: path.join(workDir, 'data'),
          WEB_DIST_DIR: path.join(workDir, 'no-web-build'),
          ADMIN_EMAILS: ADMIN_EMAIL,
          SEED_DEMO: 'true',
          ...env,
        },
      });
    },
  };
}

/** Runs a benchmark's `main` (true: its goals were met), then `cleanUp`, and exits 0 or 1. */
export async function runToExit(main, cleanUp) {
  let ok = false;
  try {
    ok = await main();
  } catch (error) {
    console.error(error);
  } finally {
    await cleanUp();
  }
  process.exit(ok ? 0 : 1);
}
