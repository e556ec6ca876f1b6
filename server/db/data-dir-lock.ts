// One process at a time on an embedded database folder: two PGlite instances on the same files
// lose data. A lock file beside the folder names its owner's process id; it is removed on close
// and at exit, and taken over only when that process is gone (it was killed, or the machine or
// container restarted).
import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { ConfigError } from '@server/config';

/** Lock files this process holds, removed at exit however the process ends short of SIGKILL. */
const held = new Set<string>();

function releaseAll(): void {
  for (const file of held) removeIfOurs(file);
  held.clear();
}

function ownerOf(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function removeIfOurs(file: string): void {
  try {
    if (ownerOf(file) === process.pid) unlinkSync(file);
  } catch {
    // Already gone, or the folder with it: nothing left to release.
  }
}

/** Signal 0 only asks whether the process exists; EPERM means it does, under another user. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The folder is another live process's: `pid` names it (for tools that word their own advice). */
export class DataFolderInUse extends ConfigError {
  readonly folder: string;
  readonly pid: number;
  constructor(folder: string, pid: number) {
    super(`the database folder ${folder} is in use by process ${pid} (another FitStream server?); stop that process, or give this server a DATA_DIR of its own.`);
    this.folder = folder;
    this.pid = pid;
  }
}

function inUse(folder: string, pid: number): DataFolderInUse {
  return new DataFolderInUse(folder, pid);
}

/**
 * Takes `<folder>.lock` for this process, or throws a DataFolderInUse naming the process that
 * holds it. Answers the function that releases it.
 */
export function lockDataFolder(folder: string): () => void {
  const file = `${folder}.lock`;
  if (held.has(file)) throw inUse(folder, process.pid);
  // Written whole beside the lock, then linked into place: linking fails when the lock exists
  // (as open with 'wx' does) and a lock file is never seen half written.
  const draft = `${file}.${process.pid}`;
  writeFileSync(draft, `${process.pid}\n`);
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        linkSync(draft, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
        const owner = ownerOf(file);
        // Our own pid in a lock we do not hold is a previous life of this pid (pid 1 in a
        // restarted container): as stale as a process that is gone.
        if (owner !== null && owner !== process.pid && isRunning(owner)) throw inUse(folder, owner);
        unlinkSync(file);
      }
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw inUse(folder, ownerOf(file) ?? 0);
    throw error;
  } finally {
    unlinkSync(draft);
  }
  if (held.size === 0) process.once('exit', releaseAll);
  held.add(file);
  return () => {
    if (!held.delete(file)) return;
    removeIfOurs(file);
    if (held.size === 0) process.off('exit', releaseAll);
  };
}
