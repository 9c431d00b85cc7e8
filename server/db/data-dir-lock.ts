import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

/** A second server on the same PGlite folder: it must stop before it opens (and corrupts) the database. */
export class DataDirLockedError extends Error {}

function running(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | undefined {
  try {
    return Number.parseInt(readFileSync(file, 'utf8'), 10);
  } catch {
    return undefined;
  }
}

function createExclusive(file: string): boolean {
  try {
    const fd = openSync(file, 'wx');
    writeSync(fd, `${process.pid}\n`);
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * One server per PGlite folder: `<folder>.lock` holds the pid of the process that has it open.
 * PGlite has no lock of its own, and two processes writing one folder lose acknowledged data.
 * A lock whose pid no longer runs (a kill -9, a power loss) is taken over at once; two starters
 * racing for a stale lock are kept apart by a second exclusive file, so only one takes it over.
 * Written here rather than with a lock library: the ones on npm (proper-lockfile) time out a
 * stale lock by its age (10 s and more) instead of asking whether its process runs, and do not
 * say which process holds it. Released when the process exits in any way but a kill.
 */
export function lockDataDir(folder: string): () => void {
  const file = `${folder}.lock`;
  for (let attempt = 0; attempt < 5; attempt++) {
    if (createExclusive(file)) {
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        if (readPid(file) === process.pid) unlinkSync(file);
      };
      process.on('exit', release);
      return release;
    }
    const holder = readPid(file);
    if (holder !== undefined && running(holder)) {
      throw new DataDirLockedError(
        `Another LunchChat server (pid ${holder}) already uses the data directory ${folder}. Stop it first, or give this one its own DATA_DIR.`,
      );
    }
    // Stale: only the starter that creates the takeover file removes it.
    const takeover = `${file}.takeover`;
    if (createExclusive(takeover)) {
      try {
        if (readPid(file) === holder) unlinkSync(file);
      } finally {
        unlinkSync(takeover);
      }
    } else {
      const taker = readPid(takeover);
      if (taker !== undefined && !running(taker)) unlinkSync(takeover);
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${folder} (${file}); another server may be starting.`);
}
