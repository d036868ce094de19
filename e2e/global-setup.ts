import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { SOCIAL_PROVIDER_ID } from '@shop/shared/social-sign-in';
import { call } from '../apps/api/test/helpers/call';
import { verifyEmailAddress, type Mailbox } from '../apps/api/test/helpers/mailbox';
import { startLocalOidcProvider, type LocalOidcProvider } from '../apps/api/test/helpers/oidc-provider';
import { pollUntil } from '../apps/api/test/helpers/poll';
import { startSmtpSink } from '../apps/api/test/helpers/smtp-sink';
import { ADMIN, CHROMIUM_PATH, FAILURE_DIR, SCREENSHOT_DIR, SERVER_LOG } from './helpers/settings';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * Once per run: build the web app and the API's bundle, start a local OpenID provider (the shop's "Google"), start the
 * real server (npm start's code path) on a free port with a fresh data directory, the demo card
 * processor, that provider and an admin e-mail, and sign the admin up and verify its address. Without Chromium the
 * suite is skipped loudly, except in CI, where that is a failure.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    const reason = `Chromium is not installed at ${CHROMIUM_PATH}`;
    if (process.env.CI === 'true') {
      throw new Error(`${reason}: the end-to-end suite cannot run in CI without it.`);
    }
    const banner = [
      `END-TO-END SUITE SKIPPED: ${reason}.`,
      'Every user journey test is reported as skipped, NOT passed.',
      'Install it (Debian: apt-get install -y chromium) and run `npm test` again.',
    ];
    printBanner(banner);
    project.provide('hasChromium', false);
    project.provide('baseURL', '');
    project.provide('oidcIssuer', '');
    project.provide('mailDir', '');
    // Said again at the end, where the eye lands after the run.
    return () => printBanner(banner);
  }
  project.provide('hasChromium', true);

  // This run's pictures only.
  rmSync(SCREENSHOT_DIR, { recursive: true, force: true });
  rmSync(FAILURE_DIR, { recursive: true, force: true });
  mkdirSync(SCREENSHOT_DIR, { recursive: true });

  const webDist = await mkdtemp(path.join(tmpdir(), 'brushworks-e2e-web-'));
  const dataDir = await mkdtemp(path.join(tmpdir(), 'brushworks-e2e-data-'));
  const cleanUp = () => {
    rmSync(webDist, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    buildWebApp(webDist);
    buildApi();
    const port = await freePort();
    const baseURL = `http://127.0.0.1:${port}`;
    // Up before the shop, which reads the provider's discovery document at start.
    const idp = await startLocalOidcProvider(`${baseURL}/api/auth/callback/${SOCIAL_PROVIDER_ID}`);
    // The shop's mail server: what it receives lands in mailDir as .eml files (helpers/mail.ts).
    const mailDir = path.join(dataDir, 'received-mail');
    const smtp = await startSmtpSink({ saveDir: mailDir });
    const server = startServer({ port, baseURL, dataDir, webDist, idp, smtpUrl: smtp.url });
    try {
      await waitForHealth(baseURL, server);
      await signUpAdmin(baseURL, smtp);
    } catch (error) {
      await stopServer(server);
      await idp.close();
      await smtp.close();
      throw error;
    }
    project.provide('baseURL', baseURL);
    project.provide('oidcIssuer', idp.issuer);
    project.provide('mailDir', mailDir);
    console.log(
      `\n[e2e] shop at ${baseURL}, its OpenID provider at ${idp.issuer}; screenshots go to ${SCREENSHOT_DIR}\n`,
    );

    return async () => {
      await stopServer(server);
      await idp.close();
      await smtp.close();
      cleanUp();
      const count = existsSync(SCREENSHOT_DIR) ? readdirSync(SCREENSHOT_DIR).length : 0;
      console.log(`\n[e2e] ${count} screenshots (390 px and 1280 px wide) in ${SCREENSHOT_DIR}\n`);
    };
  } catch (error) {
    cleanUp();
    throw error;
  }
}

function printBanner(lines: string[]) {
  const width = Math.max(...lines.map((line) => line.length)) + 4;
  const rule = '!'.repeat(width + 2);
  console.warn(['', rule, ...lines.map((line) => `!! ${line.padEnd(width - 2)}!!`), rule, ''].join('\n'));
}

/** The web app as `npm start` builds it, into a private folder: no race with anyone's own build. */
function buildWebApp(outDir: string) {
  const result = spawnSync(
    'npm',
    ['run', 'build', '-w', 'apps/web', '--', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: repoRoot, encoding: 'utf8', env: shellEnv() },
  );
  if (result.status !== 0) {
    throw new Error(`Building the web app failed:\n${result.stdout}\n${result.stderr}`);
  }
}

/** The server's bundle, apps/api/dist/server.mjs, as `npm run build` makes it. */
function buildApi() {
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/api'], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: shellEnv(),
  });
  if (result.status !== 0) {
    throw new Error(`Building the API failed:\n${result.stdout}\n${result.stderr}`);
  }
}

/** What Vitest adds to process.env (import.meta.env's values); a plain shell has none of them. */
const vitestVariables = new Set(['NODE_ENV', 'MODE', 'DEV', 'PROD', 'SSR', 'TEST', 'BASE_URL']);

/**
 * The environment of a plain shell running `npm start`. Vitest's NODE_ENV=test and DEV=1 would
 * make Vite build React's development bundle, which does not run.
 */
function shellEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !vitestVariables.has(name) && !name.startsWith('VITEST')),
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

interface ServerOptions {
  port: number;
  baseURL: string;
  dataDir: string;
  webDist: string;
  /** Social sign-in's provider, shown as Google ('Continue With Google'). */
  idp: LocalOidcProvider;
  /** The loopback SMTP server the shop sends its mail to. */
  smtpUrl: string;
}

/** `npm run serve`'s command (node dist/server.mjs in apps/api), its output to a log. */
function startServer({ port, baseURL, dataDir, webDist, idp, smtpUrl }: ServerOptions): ChildProcess {
  mkdirSync(path.dirname(SERVER_LOG), { recursive: true });
  const log = createWriteStream(SERVER_LOG);
  const server = spawn(process.execPath, ['dist/server.mjs'], {
    cwd: path.join(repoRoot, 'apps/api'),
    env: {
      ...shellEnv(),
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist,
      ADMIN_EMAILS: ADMIN.email,
      SEED_DEMO: 'true',
      PAYMENTS: 'demo',
      LOG_LEVEL: 'warn',
      // One client runs every journey at machine speed, signing the one admin in again and again:
      // the per-client and per-e-mail limits would refuse it (the API tests cover the limits).
      AUTH_RATE_LIMIT_MAX: '1000',
      AUTH_EMAIL_RATE_LIMIT_MAX: '1000',
      WRITE_RATE_LIMIT_IP_MAX: '10000',
      // Journeys post reviews, place orders and upload pictures faster than a person.
      REVIEW_RATE_LIMIT_MAX: '1000',
      ORDER_RATE_LIMIT_MAX: '1000',
      UPLOAD_RATE_LIMIT_MAX: '1000',
      CONTACT_RATE_LIMIT_MAX: '1000',
      DATABASE_URL: '',
      REDIS_URL: '',
      OIDC_ISSUER: idp.issuer,
      OIDC_DISCOVERY_URL: '',
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_NAME: 'Google',
      SMTP_URL: smtpUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  // A server that dies mid-run fails every later journey with ECONNREFUSED: say why, once.
  server.once('exit', (code, signal) => {
    if (!stopping.has(server))
      console.error(
        `\n[e2e] the server stopped during the run (code ${code}, signal ${signal}); see ${SERVER_LOG}\n`,
      );
  });
  return server;
}

/** Polls /api/health until the server answers; fails at once if the server process ends. */
async function waitForHealth(baseURL: string, server: ChildProcess, timeoutMs = 90_000) {
  await pollUntil(
    async () => {
      if (server.exitCode !== null || server.signalCode !== null)
        throw new Error(`The server stopped during start-up; see ${SERVER_LOG}`);
      const health = await call(baseURL, 'GET /health').catch(() => undefined); // not listening yet
      return health?.status === 200;
    },
    { what: `the server to answer GET /health; see ${SERVER_LOG}`, timeoutMs, intervalMs: 200 },
  );
}

/**
 * Signs the admin up and opens the link the shop mails: an ADMIN_EMAILS address is an admin only
 * once it is verified (docs/behaviour.md §4.1).
 */
async function signUpAdmin(baseURL: string, mailbox: Mailbox) {
  const response = await call(baseURL, 'POST /account', { body: ADMIN });
  if (response.status !== 201) throw new Error(`Admin sign-up failed: ${response.status} ${response.text}`);
  await verifyEmailAddress(baseURL, ADMIN.email, mailbox);
}

/** Servers being stopped on purpose (their exit is expected). */
const stopping = new WeakSet<ChildProcess>();

/** SIGTERM (the server's graceful shutdown), then SIGKILL if it has not ended in 15 s. */
async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  stopping.add(server);
  const ended = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 15_000);
  await ended;
  clearTimeout(timer);
}

declare module 'vitest' {
  export interface ProvidedContext {
    hasChromium: boolean;
    baseURL: string;
    /** The local OpenID provider's issuer (its origin), or '' when the suite is skipped. */
    oidcIssuer: string;
    /** Where the loopback SMTP server keeps the shop's mail (.eml files), or '' when skipped. */
    mailDir: string;
  }
}
