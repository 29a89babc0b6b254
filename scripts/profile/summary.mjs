// Where a server's CPU went between two moments of a .cpuprofile (scripts/profile/cpu-profile-hook.mjs): each sample
// is counted once, under the first of these groups found on its stack (leaf first), else "other".
// Usage: node scripts/profile/summary.mjs <file.cpuprofile> [from seconds] [to seconds]
import fs from 'node:fs';

const [file, fromS = '0', toS = 'Infinity'] = process.argv.slice(2);
if (!file) throw new Error('usage: node scripts/profile/summary.mjs <file.cpuprofile> [from s] [to s]');
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const from = Number(fromS) * 1e6;
const to = Number(toS) * 1e6;
const GROUPS = [
  ['email rendering (react-email, after the answer)', (url) => /react-email|html-to-text/.test(url)],
  ['Prisma (query building, interpreting, results)', (url) => /@prisma|prisma_client|generated_prisma/.test(url)],
  ['pg driver and socket', (url) => /node_modules\/pg|pg-protocol|pg-pool/.test(url)],
];
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const groupOf = new Map();
function group(id) {
  if (groupOf.has(id)) return groupOf.get(id);
  let found = null;
  for (let c = id; c !== undefined && !found; c = parent.get(c)) {
    const url = nodes.get(c).callFrame.url;
    found = GROUPS.find(([, test]) => test(url))?.[0] ?? null;
  }
  groupOf.set(id, found);
  return found;
}
const sums = new Map();
let t = 0;
let total = 0;
for (let i = 0; i < profile.samples.length; i++) {
  t += profile.timeDeltas[i];
  if (t < from || t > to) continue;
  const dt = profile.timeDeltas[i + 1] ?? 0;
  const fn = nodes.get(profile.samples[i]).callFrame.functionName;
  const key = fn === '(idle)' ? 'idle' : fn === '(garbage collector)' ? 'garbage collection' : (group(profile.samples[i]) ?? 'other (Next, the server, the application code)');
  sums.set(key, (sums.get(key) ?? 0) + dt);
  total += dt;
}
console.log(`${(total / 1e6).toFixed(1)} s sampled`);
for (const [key, us] of [...sums].sort((a, b) => b[1] - a[1])) console.log(`${((100 * us) / total).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(7)} ms  ${key}`);
