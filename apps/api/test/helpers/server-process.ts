import { execFileSync, spawn } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { call } from './call';
import { pollUntil } from './poll';

const apiDir = fileURLToPath(new URL('../..', import.meta.url));

/** A port nothing listens on now, on loopback. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Builds the server's bundle, apps/api/dist/server.mjs, as `npm run build` does (under a second). */
export function buildServerBundle(): string {
  execFileSync(process.execPath, ['build.mjs'], { cwd: apiDir, stdio: 'pipe' });
  return 'dist/server.mjs';
}

export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  /** What the process wrote to stdout and stderr so far. */
  output(): string;
  /** SIGTERM (the graceful shutdown), SIGKILL after 10 s; resolves once it has exited. */
  stop(): Promise<void>;
}

/**
 * Starts `node args` in apps/api on a free port with `env` over this process's environment, and
 * waits until GET /health answers 200; it fails with the process's output when it exits first.
 */
export async function startServerProcess(
  args: string[],
  env: Record<string, string>,
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd: apiDir,
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };

  const url = `http://127.0.0.1:${port}`;
  try {
    await pollUntil(
      async () => {
        if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
        const health = await call(url, 'GET /health').catch(() => undefined); // not listening yet
        return health?.status === 200;
      },
      { what: () => `${url} to answer GET /health:\n${output}`, timeoutMs: 60_000, intervalMs: 100 },
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, output: () => output, stop };
}
