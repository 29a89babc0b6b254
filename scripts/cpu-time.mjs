// CPU seconds (user + system) of the processes a stage started and waited for, counted by the kernel: Linux's
// /proc/self/stat keeps the total of every finished child (and of their own finished children). Elsewhere: null,
// and the stage prints its wall time only. On a shared machine the wall time follows the load; the CPU time much less.
import fs from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux the project runs on

/** The CPU seconds of this process's finished children so far, or null where /proc is missing. */
export function childrenCpuSeconds() {
  try {
    // Fields after the command name (which may hold spaces, hence from the last ')'): cutime and cstime are 14th and 15th.
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

export const CPU_MARK = '\u0000cpu-seconds ';

// `node scripts/cpu-time.mjs <command> [args…]`: runs the command, then prints its CPU seconds after CPU_MARK on
// stderr (scripts/test.mjs runs the stages that share the machine's cores this way, each measured on its own).
if (import.meta.url === `file://${process.argv[1]}`) {
  const { spawnSync } = await import('node:child_process');
  const [cmd, ...args] = process.argv.slice(2);
  const res = spawnSync(cmd, args, { stdio: 'inherit' });
  const cpu = childrenCpuSeconds();
  if (cpu !== null) process.stderr.write(`\n${CPU_MARK}${cpu}\n`);
  process.exit(res.status ?? 1);
}
