import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const sharedLibrariesChunk = require('./sharedLibrariesChunk.cjs') as (
  dir: string,
  libraries: string[],
) => {
  splitChunks: { cacheGroups: { sharedLibraries: { test: (module: { resource?: string }) => boolean } } };
};

const grouped = sharedLibrariesChunk(path.join(ROOT, 'host'), ['react-dom', '@mantine/core']).splitChunks
  .cacheGroups.sharedLibraries.test;
const file = (pkg: string) => ({
  resource: path.join(ROOT, 'node_modules/.pnpm/x@1.0.0/node_modules', pkg, 'dist/index.mjs'),
});

describe("the host's shared-libraries chunk", () => {
  it('holds the shared libraries and what they depend on', () => {
    expect(grouped(file('react-dom'))).toBe(true);
    expect(grouped(file('scheduler'))).toBe(true);
    expect(grouped(file('@mantine/core'))).toBe(true);
    expect(grouped(file('@floating-ui/react'))).toBe(true);
  });

  it('leaves out what loads later or belongs to the app itself', () => {
    expect(grouped(file('@microsoft/signalr'))).toBe(false);
    expect(grouped(file('write-excel-file'))).toBe(false);
    expect(grouped({ resource: path.join(ROOT, 'host/src/bootstrap.tsx') })).toBe(false);
    expect(grouped({})).toBe(false);
  });
});
