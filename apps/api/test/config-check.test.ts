import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';

/** `npm start` checks the settings before it builds the web app (apps/api/src/check-config.ts). */
const apiDir = fileURLToPath(new URL('..', import.meta.url));
const repoFile = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../../../${name}`, import.meta.url)), 'utf8');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the check as `npm run check-config` does, with only the given settings in its environment. */
function checkConfig(settings: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/check-config.ts'],
      { cwd: apiDir, env: { PATH: process.env.PATH ?? '', ...settings }, timeout: 30_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

describe('the configuration check', () => {
  it('exits with status 1 and names each bad variable', async () => {
    const bad = await checkConfig({ PORT: '70000', ADMIN_EMAILS: 'not-an-email' });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Invalid configuration');
    expect(bad.stderr).toMatch(/PORT: /);
    expect(bad.stderr).toMatch(/ADMIN_EMAILS/);
  });

  it('names what a setting needs beside it (PAYMENTS=stripe without its keys)', async () => {
    const bad = await checkConfig({ PAYMENTS: 'stripe' });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('STRIPE_SECRET_KEY');
  });

  it('exits with status 0 and prints nothing for a good configuration', async () => {
    const good = await checkConfig({ PORT: '8080', SEED_DEMO: 'false', ADMIN_EMAILS: 'ada@shop.test' });
    expect(good.code).toBe(0);
    expect(good.stdout).toBe('');
    expect(good.stderr).not.toContain('Invalid configuration');
  });

  it('runs first in npm start, before the web build', () => {
    const { scripts } = JSON.parse(repoFile('package.json')) as { scripts: Record<string, string> };
    expect(scripts.start).toMatch(/^npm run check-config && npm run build && /);
    expect(scripts['check-config']).toBe('node --import tsx apps/api/src/check-config.ts');
  });
});

describe('HOST', () => {
  it('defaults to loopback, so that a local start is not open to the network', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '' }).HOST).toBe('127.0.0.1');
  });

  it('takes any other interface when set: the Docker image sets 0.0.0.0', () => {
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    // Without it the container would answer only itself, and its published port nobody.
    expect(repoFile('Dockerfile')).toMatch(/^ENV .*\bHOST=0\.0\.0\.0\b/m);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default, so a client cannot forge its address with X-Forwarded-For', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
  });

  it.each([
    ['true', true],
    ['false', false],
    ['1', 1],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, fd00::/8', ['10.0.0.0/8', 'fd00::/8']],
  ])('takes %s in the form Fastify does', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each(['yes please', '10.0.0.0/33', '300.1.1.1'])('refuses %s', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });
});

describe('UNPAID_ORDER_TTL and UNPAID_ORDER_REMINDER', () => {
  it('default to 48 hours and 12 hours, and read a whole number with a unit', () => {
    expect(loadConfig({})).toMatchObject({
      UNPAID_ORDER_TTL: 48 * 3_600_000,
      UNPAID_ORDER_REMINDER: 12 * 3_600_000,
    });
    expect(loadConfig({ UNPAID_ORDER_TTL: '2d', UNPAID_ORDER_REMINDER: '90m' })).toMatchObject({
      UNPAID_ORDER_TTL: 2 * 86_400_000,
      UNPAID_ORDER_REMINDER: 90 * 60_000,
    });
    expect(loadConfig({ UNPAID_ORDER_REMINDER: '0s' }).UNPAID_ORDER_REMINDER).toBe(0);
    // Left unset beside a short TTL: a quarter of it, so the TTL alone still starts.
    expect(loadConfig({ UNPAID_ORDER_TTL: '2h' }).UNPAID_ORDER_REMINDER).toBe(30 * 60_000);
  });

  it('refuse a value without a unit, below a minute, or a reminder not shorter than the TTL, naming it', () => {
    expect(() => loadConfig({ UNPAID_ORDER_TTL: '48' })).toThrow(
      /UNPAID_ORDER_TTL: must be a whole number and a unit/,
    );
    expect(() => loadConfig({ UNPAID_ORDER_TTL: '30s' })).toThrow(
      /UNPAID_ORDER_TTL: must be from 1m to 366d/,
    );
    expect(() => loadConfig({ UNPAID_ORDER_TTL: '1h', UNPAID_ORDER_REMINDER: '2h' })).toThrow(
      /UNPAID_ORDER_REMINDER: must be shorter than UNPAID_ORDER_TTL/,
    );
  });
});

describe('MIGRATION_DATABASE_URL', () => {
  it("needs DATABASE_URL naming the shop's own role, which it grants its rights to (decision 0035)", () => {
    const owner = 'postgres://shop_owner:secret@db:5432/shop';
    expect(() => loadConfig({ MIGRATION_DATABASE_URL: owner })).toThrow(
      /MIGRATION_DATABASE_URL: needs DATABASE_URL/,
    );
    expect(() =>
      loadConfig({ MIGRATION_DATABASE_URL: owner, DATABASE_URL: 'postgres://db:5432/shop' }),
    ).toThrow(/MIGRATION_DATABASE_URL/);
    const config = loadConfig({
      MIGRATION_DATABASE_URL: owner,
      DATABASE_URL: 'postgres://shop_app:other@db:5432/shop',
    });
    expect(config.MIGRATION_DATABASE_URL).toBe(owner);
  });
});
