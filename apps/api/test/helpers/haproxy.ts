import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pollUntil } from './poll';
import { freePort } from './server-process';

/** Whether Debian's haproxy is installed (`apt-get install -y haproxy`; CI's .ci/run does it). */
export const haproxyInstalled = (): boolean => spawnSync('haproxy', ['-v']).status === 0;

/** The header each answer through the balancer carries: the name of the instance that served it. */
export const SERVED_BY_HEADER = 'x-served-by';

export interface Balancer {
  /** http://127.0.0.1:<port>, the address the shop's customers use. */
  url: string;
  output(): string;
  close(): Promise<void>;
}

/**
 * HAProxy in front of `instances` (name and base URL each), as a deployment runs it: HTTP mode,
 * requests dealt round robin (each request of a kept-alive connection is balanced on its own), an
 * instance taken out after three failed GET /api/health in a row (each given 5 s), X-Forwarded-For added. Each answer names
 * its instance in X-Served-By, so a test sees the requests were spread.
 */
export async function startHaproxy(instances: { name: string; url: string }[]): Promise<Balancer> {
  const port = await freePort();
  const folder = mkdtempSync(path.join(tmpdir(), 'shop-haproxy-'));
  const configFile = path.join(folder, 'haproxy.cfg');
  const servers = instances.map(({ name, url }) => `  server ${name} ${new URL(url).host} check inter 500ms`);
  writeFileSync(
    configFile,
    [
      'global',
      '  maxconn 4096',
      'defaults',
      '  mode http',
      '  timeout connect 5s',
      '  timeout client 60s',
      '  timeout server 60s',
      // A busy instance answers its health check late, not never: with the check's default
      // timeout (its interval, 0.5 s here) a sign-up rush took all three out and HAProxy answered 503.
      '  timeout check 5s',
      '  option forwardfor',
      'frontend shop',
      `  bind 127.0.0.1:${port}`,
      '  default_backend instances',
      'backend instances',
      '  balance roundrobin',
      '  option httpchk GET /api/health',
      '  http-check expect status 200',
      `  http-response set-header ${SERVED_BY_HEADER} %s`,
      ...servers,
      '',
    ].join('\n'),
  );
  // -db: in the foreground, so that the process is ours to stop.
  const child = spawn('haproxy', ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(folder, { recursive: true, force: true });
  };

  const url = `http://127.0.0.1:${port}`;
  try {
    // Up when every instance has passed its first health check: the first requests are spread.
    await pollUntil(
      async () => {
        if (child.exitCode !== null) throw new Error(`haproxy exited with ${child.exitCode}:\n${output}`);
        const seen = new Set<string>();
        for (let i = 0; i < instances.length * 2; i += 1) {
          const response = await fetch(`${url}/api/health`).catch(() => undefined);
          if (response?.status !== 200) return false;
          seen.add(response.headers.get(SERVED_BY_HEADER) ?? '');
        }
        return seen.size === instances.length;
      },
      {
        what: () => `haproxy at ${url} to reach every instance:\n${output}`,
        timeoutMs: 20_000,
        intervalMs: 100,
      },
    );
  } catch (error) {
    await close();
    throw error;
  }
  return { url, output: () => output, close };
}
