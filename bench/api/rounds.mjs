// Rounds of autocannon runs, every scenario in turn, for the benchmarks at scale
// (bench/catalogue.mjs, bench/back-office.mjs): noise hits all scenarios alike, and each scenario's
// figure is the median of its rounds.
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { median, untilMachineQuiet } from './scratch.mjs';

/**
 * The command line of a benchmark in rounds: `--rounds=3 --duration=10 --connections=50
 * --warmup=2`, or `--smoke` (one round of 2 s, 1 s of warm-up).
 */
export function roundFlags() {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: '3' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '50' },
      warmup: { type: 'string', default: '2' },
      smoke: { type: 'boolean', default: false },
    },
  });
  return {
    rounds: values.smoke ? 1 : Number(values.rounds),
    duration: values.smoke ? 2 : Number(values.duration),
    warmup: values.smoke ? 1 : Number(values.warmup),
    connections: Number(values.connections),
    smoke: values.smoke,
  };
}

export function roundsOf({ rounds, duration, warmup, connections }) {
  /** One autocannon run over `paths` in turn; req/s counts successful answers only. */
  async function load(baseUrl, paths, headers, seconds) {
    let next = 0;
    const result = await autocannon({
      url: baseUrl,
      connections,
      duration: seconds,
      headers,
      requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
    });
    // Reported, not fatal: on a loaded machine a few requests time out (autocannon's 10 s).
    const failed = result.non2xx + result.errors + result.timeouts;
    return { rps: result['2xx'] / result.duration, p99: result.latency.p99, failed };
  }

  /** Rounds of every scenario ({ key, label, url, paths, headers }) in turn; the medians per scenario. */
  async function measure(scenarios) {
    const runs = Object.fromEntries(scenarios.map((scenario) => [scenario.key, []]));
    for (let round = 1; round <= rounds; round += 1) {
      for (const scenario of scenarios) {
        const { url, paths, headers = {} } = scenario;
        if (round === 1 && warmup > 0) {
          await load(url, paths, headers, warmup);
          await untilMachineQuiet();
        }
        const run = await load(url, paths, headers, duration);
        await untilMachineQuiet();
        runs[scenario.key].push(run);
        console.log(
          `  round ${round} ${scenario.label.padEnd(40)} ${run.rps.toFixed(0).padStart(7)} req/s  p99 ${run.p99} ms${run.failed ? `  (${run.failed} failed)` : ''}`,
        );
      }
    }
    return Object.fromEntries(
      scenarios.map((scenario) => [
        scenario.key,
        {
          label: scenario.label,
          rps: median(runs[scenario.key].map((run) => run.rps)),
          p99: median(runs[scenario.key].map((run) => run.p99)),
        },
      ]),
    );
  }

  return { load, measure };
}

/**
 * Median milliseconds of `times` requests one at a time: latency without the load's queueing;
 * `before` (untimed) runs ahead of each.
 */
export async function aloneMs(url, headers, times = 5, before = async () => {}) {
  const timings = [];
  for (let run = 0; run < times; run += 1) {
    await before();
    const started = performance.now();
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
    await response.arrayBuffer();
    timings.push(performance.now() - started);
  }
  return median(timings);
}
