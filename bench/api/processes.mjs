// Child processes for bench/api.mjs: each server on a free port, its output in a file, stopped
// (and waited for) at the end.
import { spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import { freePort } from '../lib/server.mjs';

/** Starts `node args` with `env`, waits until `readyPath` answers 200, returns its base URL. */
export async function startServer({ name, args, env, logFile, readyPath = '/' }) {
  const port = await freePort();
  const out = openSync(logFile, 'a');
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', out, out],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}; see ${logFile}`);
    if (Date.now() > deadline) throw new Error(`${name} did not start in 2 minutes; see ${logFile}`);
    const ok = await fetch(url + readyPath).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    name,
    url,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
