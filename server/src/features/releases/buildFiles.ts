import fs from 'node:fs';
import path from 'node:path';

/** Source maps carry the sources: never published. */
const isSourceMap = (file: string) => file.endsWith('.map');

/**
 * The files of a build folder that a release is made of, as paths relative to it. Only the
 * build's own regular files and folders: a symbolic link (which could point at the data
 * folder's secrets or database), a device or a socket is refused, naming it, so nothing
 * outside the build reaches the release store.
 */
export function buildFiles(buildDir: string): string[] {
  const root = path.resolve(buildDir);
  const rootStat = fs.lstatSync(root, { throwIfNoEntry: false });
  if (!rootStat?.isDirectory()) throw new Error(`${buildDir} is not a folder.`);
  const files: string[] = [];
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const name = path.join(relative, entry.name);
      if (entry.isSymbolicLink())
        throw new Error(
          `${name} in ${buildDir} is a symbolic link: a release holds only the build's own files, nothing it points to.`,
        );
      if (entry.isDirectory()) walk(name);
      else if (entry.isFile()) {
        if (!isSourceMap(name)) files.push(name);
      } else throw new Error(`${name} in ${buildDir} is not a regular file.`);
    }
  };
  walk('');
  return files;
}

/**
 * Copies the listed files of a build into `target`, refusing (rather than following) a file
 * that became a link after it was listed.
 */
export function copyBuildFiles(buildDir: string, files: readonly string[], target: string): void {
  for (const file of files) {
    const from = path.join(buildDir, file);
    if (!fs.lstatSync(from).isFile()) throw new Error(`${file} in ${buildDir} changed while it was copied.`);
    fs.mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    fs.copyFileSync(from, path.join(target, file), fs.constants.COPYFILE_EXCL);
  }
}
