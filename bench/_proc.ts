// For the live benches (the leading underscore keeps `npm run bench` from running it alone): what
// the processes of a run spend, read from /proc — the server child's own figures, PostgreSQL's
// processes and RabbitMQ's Erlang VM beside it (decision 0033).
import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time so far of each process named `comm` (from /proc), in ms by pid: RabbitMQ's Erlang VM
 * (all schedulers), or PostgreSQL's backends and helpers (the database's share beside the server's).
 */
export function processCpuMs(comm: string): Map<string, number> {
  const byPid = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== comm) continue;
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      byPid.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
    } catch {
      // A process that ended while we looked.
    }
  }
  return byPid;
}

/**
 * The CPU that `comm`'s processes spent since `before`: per process, so a pooled connection's
 * backend that ended meanwhile (its whole past CPU gone from the sum) does not count against
 * the run, and one that started counts from zero.
 */
export function processCpuSince(comm: string, before: Map<string, number>): number {
  let spent = 0;
  for (const [pid, ms] of processCpuMs(comm)) spent += ms - (before.get(pid) ?? 0);
  return spent;
}

/**
 * Write system calls so far (`syscw` of /proc/<pid>/io: write, writev …) of a process: the
 * server's are its frames to the clients (one per socket write, however many frames it holds),
 * its statements to PostgreSQL or PGlite's files. A socket write cost ~80 µs of CPU on decision
 * 0033's VM. Their count moves far less with the machine's load than a latency does (it still
 * follows how many frames each write gathers).
 */
export function writeCalls(pid: number | 'self'): number {
  try {
    return Number(/^syscw: (\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? NaN);
  } catch {
    // Another user's process (RabbitMQ's) when the bench does not run as root: not readable.
    return NaN;
  }
}
