import path from 'node:path';

const BY_CODE: Record<string, string> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOSPC: 'the disk is full',
  EROFS: 'the file system is read-only',
  EISDIR: 'it is a folder',
  ENOTDIR: 'a folder on its way is a file',
  EMFILE: 'too many open files',
  EBUSY: 'the file is busy',
};

/** Absolute paths, as Node's and libraries' messages quote them. */
const ABSOLUTE_PATH = /(?:[A-Za-z]:)?(?:[\\/][^\s'"`,:;()]+)+/g;

/**
 * Why a file operation failed, for people: what happened, never where. A message that names
 * a server path ("open '/srv/data/.leads.xlsx.12.tmp'") would tell every signed-in user the
 * folder that holds the signing key; the full path is for the server's log.
 */
export function fileErrorReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code && BY_CODE[code]) return `${BY_CODE[code]} (${code})`;
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(ABSOLUTE_PATH, (found) => path.basename(found));
}
