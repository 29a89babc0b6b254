// `node scripts/jobs.mjs <job>` (`npm run billing:run` is `billing`): runs one job of lib/jobs now, through the running
// server (POST /api/cron/<job>), so it works in the image (plain node, no tsx) and on the embedded database, which only
// the server may open. The server schedules every job itself (docs/product-rules.md#jobs); this is for an operator who
// wants a run now, or a platform whose own scheduler calls it. Needs CRON_SECRET (the server's); JOBS_URL (default
// http://localhost:$PORT) says where the server listens.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
for (const file of ['.env.local', '.env']) if (fs.existsSync(path.join(root, file))) process.loadEnvFile(path.join(root, file));

const [job] = process.argv.slice(2);
const base = (process.env.JOBS_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/$/, '');
const secret = process.env.CRON_SECRET;
if (!job || job.startsWith('-')) {
  console.error('Usage: node scripts/jobs.mjs <job>   (the jobs are listed on /admin/jobs and in docs/deploying.md "Jobs")');
  process.exit(2);
}
if (!secret) {
  console.error('CRON_SECRET is not set: set it (16+ characters) for the server and for this command, or use "Run now" on /admin/jobs.');
  process.exit(2);
}
let res;
try {
  res = await fetch(`${base}/api/cron/${encodeURIComponent(job)}`, { method: 'POST', headers: { authorization: `Bearer ${secret}`, 'x-job-trigger': 'cli' } });
} catch (err) {
  console.error(`No server answers at ${base} (${err.cause?.code ?? err.message}): start it (npm start) or set JOBS_URL.`);
  process.exit(1);
}
const body = await res.text();
console.log(body);
if (res.status === 404) console.error(`Unknown job "${job}".`);
process.exit(res.ok ? 0 : 1);
