#!/usr/bin/env node
// Where a CPU profile's time went: a V8 .cpuprofile (as `node --cpu-prof` writes it, and as the
// benchmarks write the shop's with SHOP_CPU_PROFILE_DIR) summed by self time, per package (or the
// shop's own folder, Node's internals, the garbage collector, idle) and per function.
// Usage: node bench/profile-summary.mjs FILE.cpuprofile [--top=25]
import { readFileSync } from 'node:fs';

const [file, ...flags] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/profile-summary.mjs FILE.cpuprofile [--top=25]');
  process.exit(2);
}
const top = Number(flags.find((flag) => flag.startsWith('--top='))?.slice(6) ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8'));

/** Where a function lives: a package, a folder of ours, Node's own code, or V8's pseudo-frames. */
function placeOf({ url, functionName }) {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node internals';
  const packaged = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (packaged) return packaged[1];
  // The server's bundle (npm run build) is one file: its functions are told apart below.
  if (/\/apps\/api\/dist\//.test(url)) return 'apps/api (its bundle: ours and packages/shared)';
  const ours = /\/(apps|packages)\/([^/]+)\/src\/(?:modules\/)?([^/]+)/.exec(url);
  return ours ? `${ours[1]}/${ours[2]}: ${ours[3].replace(/\.\w+$/, '')}` : url;
}

// Self time per node: the time deltas of the samples that landed on it.
const selfMs = new Map();
profile.samples.forEach((nodeId, i) => {
  selfMs.set(nodeId, (selfMs.get(nodeId) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
});

const byPlace = new Map();
const byFunction = new Map();
let totalMs = 0;
let idleMs = 0;
for (const node of profile.nodes) {
  const ms = selfMs.get(node.id) ?? 0;
  if (ms === 0) continue;
  totalMs += ms;
  const place = placeOf(node.callFrame);
  if (place === '(idle)') idleMs += ms;
  byPlace.set(place, (byPlace.get(place) ?? 0) + ms);
  const { functionName, url, lineNumber } = node.callFrame;
  const name = `${functionName || '(anonymous)'}  ${url ? `${url.replace(/^.*\/(node_modules|apps|packages)\//, '$1/')}:${lineNumber + 1}` : ''}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
}

const busyMs = totalMs - idleMs;
const share = (ms) => `${((100 * ms) / busyMs).toFixed(1).padStart(5)}%`;
const rows = (map) => [...map].filter(([key]) => key !== '(idle)').sort((a, b) => b[1] - a[1]);

console.log(
  `${file}: ${(totalMs / 1000).toFixed(1)} s profiled, ${(busyMs / 1000).toFixed(1)} s busy (shares below are of busy time)`,
);
console.log('\nSelf time by place:');
for (const [place, ms] of rows(byPlace).slice(0, top)) console.log(`  ${share(ms)}  ${place}`);
console.log('\nSelf time by function:');
for (const [name, ms] of rows(byFunction).slice(0, top)) console.log(`  ${share(ms)}  ${name}`);
