import fs from 'node:fs';

/** Linux counts processes' CPU time in ticks of 1/100 s (USER_HZ). */
const TICK_S = 0.01;

/** CPU seconds a process has used so far, with those of its child processes (a server's workers). */
export function cpuSeconds(pid: number): number {
  const own = (id: number) => {
    try {
      const fields = fs.readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(fields[11]) + Number(fields[12])) * TICK_S; // utime, stime
    } catch {
      return 0;
    }
  };
  let children: number[] = [];
  try {
    children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    // not Linux, or already gone
  }
  return own(pid) + children.reduce((sum, child) => sum + own(child), 0);
}

/** CPU seconds the whole machine has been busy (every core, every process). */
export function machineBusySeconds(): number {
  const [, ...ticks] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const idle = ticks[3] + ticks[4];
  return (ticks.reduce((a, b) => a + b, 0) - idle) * TICK_S;
}
