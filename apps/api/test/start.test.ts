import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/logging';
import { readyLineResolver, readyUrl } from '../src/ready-url';
import { call } from './helpers/call';
import { pollUntil } from './helpers/poll';

/**
 * What a person sees on `npm start`: one ready line, and one log line per request; JSON lines
 * when the output is not a terminal. The server is started from its source
 * (node --import tsx src/server.ts: the code `npm run serve` runs bundled, decision 0048), with
 * its output piped, so not a TTY.
 */
const apiDir = fileURLToPath(new URL('..', import.meta.url));

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  url?: string;
  statusCode?: number;
  responseTime?: number;
}

describe('the ready line', () => {
  const local = { PUBLIC_URL: undefined, HOST: '127.0.0.1' };

  it('gives PUBLIC_URL when it is set', () => {
    expect(readyUrl({ PUBLIC_URL: 'https://shop.example.com/', HOST: '0.0.0.0' }, 3000)).toBe(
      'https://shop.example.com',
    );
  });

  it('gives http://localhost:PORT for a loopback or wildcard HOST', () => {
    for (const HOST of ['127.0.0.1', 'localhost', '::1', '0.0.0.0', '::']) {
      expect(readyUrl({ ...local, HOST }, 3000)).toBe('http://localhost:3000');
    }
  });

  it('gives the host itself for any other interface', () => {
    expect(readyUrl({ ...local, HOST: '192.168.1.20' }, 8080)).toBe('http://192.168.1.20:8080');
    expect(readyUrl({ ...local, HOST: 'fd00::20' }, 8080)).toBe('http://[fd00::20]:8080');
  });

  it('is the first listening line only, with the port actually bound', () => {
    const resolve = readyLineResolver(local);
    expect(resolve('http://127.0.0.1:41234')).toBe('Shop ready at http://localhost:41234');
    expect(resolve('http://[::1]:41234')).toBe('also listening at http://[::1]:41234');
  });
});

describe('the log format', () => {
  it('is readable (pino-pretty) in a terminal outside production', () => {
    expect(loggerOptions({ LOG_LEVEL: 'info', NODE_ENV: 'development' }, true)).toHaveProperty('stream');
    expect(loggerOptions({ LOG_LEVEL: 'debug', NODE_ENV: 'test' }, true)).toHaveProperty('stream');
  });

  it('is JSON lines, written without blocking, when the output is not a terminal, or in production', () => {
    for (const [config, isTTY] of [
      [{ LOG_LEVEL: 'info', NODE_ENV: 'development' }, false],
      [{ LOG_LEVEL: 'warn', NODE_ENV: 'production' }, true],
    ] as const) {
      const options = loggerOptions(config, isTTY);
      expect(options.level).toBe(config.LOG_LEVEL);
      // pino's own destination on standard output, not pino-pretty's.
      expect(options.stream).toMatchObject({ fd: 1, sync: false });
    }
    expect(loggerOptions({ LOG_LEVEL: 'silent', NODE_ENV: 'production' }, false)).toEqual({
      level: 'silent',
    });
  });
});

describe('a started server', { timeout: 60_000 }, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-start-'));
  let child: ChildProcess;
  let output = '';
  let baseUrl = '';

  const lines = () => output.split('\n').filter((line) => line.trim() !== '');
  const logLines = () => lines().map((line) => JSON.parse(line) as LogLine);

  beforeAll(async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiDir,
      // Only what the test sets: HOST and LOG_LEVEL are left to their defaults.
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        PORT: '0',
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let errors = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const ready = await pollUntil(
      () => {
        if (child.exitCode !== null)
          throw new Error(`server exited with ${child.exitCode}:\n${output}${errors}`);
        return output.match(/Shop ready at (http:\/\/localhost:(\d+))/);
      },
      { what: () => `the ready line:\n${output}${errors}`, timeoutMs: 50_000, intervalMs: 100 },
    );
    // HOST's default, 127.0.0.1: `localhost` might resolve to ::1 first.
    baseUrl = `http://127.0.0.1:${ready[2]}`;
  }, 60_000);

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(force);
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  const loggedOnce = (requestId: string) =>
    pollUntil(() => logLines().some((line) => line.reqId === requestId), {
      what: `the log line of ${requestId}`,
      timeoutMs: 5_000,
    });

  /**
   * The log lines of one request, once its line has been written (after the response), and a
   * line of a request sent after it: lines are written in order, so a second line of this
   * request, if any, is out by then.
   */
  async function linesOf(requestId: string): Promise<LogLine[]> {
    await loggedOnce(requestId);
    const later = `start-test-later-${randomUUID()}`;
    await call(baseUrl, 'GET /health', { headers: { 'x-request-id': later } });
    await loggedOnce(later);
    return logLines().filter((line) => line.reqId === requestId);
  }

  it('prints every line as JSON, the ready line included, once', async () => {
    const all = logLines(); // throws on a line that is not JSON
    const ready = all.filter((line) => line.msg.startsWith('Shop ready at '));
    expect(ready).toEqual([
      expect.objectContaining({ level: 30, msg: `Shop ready at http://localhost:${new URL(baseUrl).port}` }),
    ]);
    expect(all.some((line) => line.msg.startsWith('Server listening'))).toBe(false);
  });

  it('logs one line per request: method, path without the query, status, time and request id', async () => {
    const requestId = `start-test-${randomUUID()}`;
    const response = await call(baseUrl, 'GET /health', {
      unsafeQuery: { token: 'secret-value' },
      headers: { 'x-request-id': requestId },
    });
    expect(response.status).toBe(200);
    const mine = await linesOf(requestId);
    expect(mine).toEqual([
      expect.objectContaining({
        level: 30,
        method: 'GET',
        url: '/api/health',
        statusCode: 200,
        responseTime: expect.any(Number),
        msg: expect.stringMatching(/^GET \/api\/health 200 [\d.]+ ms$/),
      }),
    ]);
    expect(output).not.toContain('secret-value');
  });

  it('logs one line for a request that is refused or not found, too', async () => {
    const requests: [
      url: string,
      send: (requestId: string) => Promise<{ status: number }>,
      status: number,
    ][] = [
      // Not a route of the table: a path no route has.
      [
        '/api/no-such-call',
        (requestId) => fetch(`${baseUrl}/api/no-such-call`, { headers: { 'x-request-id': requestId } }),
        404,
      ],
      [
        '/api/account',
        (requestId) =>
          call(baseUrl, 'POST /account', {
            unsafeBody: '{',
            headers: { 'content-type': 'application/json', 'x-request-id': requestId },
          }),
        400,
      ],
    ];
    for (const [url, send, status] of requests) {
      const requestId = `start-test-${randomUUID()}`;
      const response = await send(requestId);
      expect(response.status).toBe(status);
      expect(await linesOf(requestId)).toEqual([expect.objectContaining({ url, statusCode: status })]);
    }
    expect(lines().filter((line) => line.includes('Shop ready at'))).toHaveLength(1);
  });

  // Lines are written without blocking (src/logging.ts): none may be left behind at the end.
  it('has written every line when it has stopped, the last requests and its goodbye included', async () => {
    const requestIds = Array.from({ length: 20 }, () => `start-test-${randomUUID()}`);
    await Promise.all(
      requestIds.map((requestId) => call(baseUrl, 'GET /tool', { headers: { 'x-request-id': requestId } })),
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const written = logLines();
    for (const requestId of requestIds) {
      expect(written.filter((line) => line.reqId === requestId)).toHaveLength(1);
    }
    expect(written.at(-1)).toMatchObject({ msg: 'shutting down', signal: 'SIGTERM' });
  });
});
