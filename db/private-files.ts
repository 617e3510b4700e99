/**
 * Files that hold the data (the embedded database and its -wal and -shm
 * files, backups, exports) are readable and writable by their owner only
 * (0600), whatever the process's umask: they hold password hashes, emails
 * and every review's author.
 */

export const PRIVATE_FILE_MODE = 0o600;

/** Where chmod means nothing (Windows), files keep what the system gives them. */
const HAS_MODES = Deno.build.os !== "windows";

/** Creates `path` empty and private; refuses a file that exists (AlreadyExists). */
export async function createPrivateFile(path: string): Promise<Deno.FsFile> {
  // The mode given to open() is narrowed by the umask, never widened; the chmod makes it exactly 0600 even under an odd umask.
  const file = await Deno.open(path, { write: true, createNew: true, mode: PRIVATE_FILE_MODE });
  if (HAS_MODES) await Deno.chmod(path, PRIVATE_FILE_MODE);
  return file;
}

/** Makes each of `paths` that exists private; those that do not exist are left for later. */
export async function makePrivate(...paths: string[]): Promise<void> {
  if (!HAS_MODES) return;
  for (const path of paths) {
    try {
      await Deno.chmod(path, PRIVATE_FILE_MODE);
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
    }
  }
}

/** The embedded database file and the files SQLite keeps beside it. */
export function databaseFiles(path: string): string[] {
  return [path, `${path}-wal`, `${path}-shm`];
}
