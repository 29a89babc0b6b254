// Samples the CPU of the production server (scripts/server.mjs, each cluster worker too) from its start to its exit
// and writes a .cpuprofile per process into CPU_PROFILE_DIR (default /tmp/cpu-profiles). Node refuses --cpu-prof in
// NODE_OPTIONS, so a run under the bench loads this instead:
//   NODE_OPTIONS="--import ./scripts/profile/cpu-profile-hook.mjs" BENCH_ONLY=submit BENCH_DB=postgres npm run bench
// then `node scripts/profile/summary.mjs <file> <from s> <to s>` says where the time went (README "Performance").
import fs from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';

if ((process.argv[1] ?? '').endsWith(path.join('scripts', 'server.mjs'))) {
  const dir = process.env.CPU_PROFILE_DIR || '/tmp/cpu-profiles';
  fs.mkdirSync(dir, { recursive: true });
  const session = new inspector.Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 500 });
  session.post('Profiler.start');
  let saved = false;
  // A same-thread inspector session answers synchronously, so this works from 'exit' too.
  const save = () => {
    if (saved) return;
    saved = true;
    session.post('Profiler.stop', (err, result) => {
      if (!err) fs.writeFileSync(path.join(dir, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  };
  process.on('exit', save);
  process.prependListener('SIGTERM', save);
}
