import fs from 'node:fs';
import path from 'node:path';
import { routes } from './routes';

// Each area's table is spread into `routes`: an id or an address used twice would silently
// drop an operation, so both are checked here.
const areaTables = fs
  .readdirSync(__dirname)
  .filter((file) => file.endsWith('Operations.ts'))
  // each area file is loaded by name (its table is the export named like the file), so a new
  // area is checked without being listed here
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  .map((file) => require(path.join(__dirname, file))[file.replace(/\.ts$/, '')] as Record<string, unknown>);

describe('the route table', () => {
  it('takes every operation of every area, each id once', () => {
    const ids = areaTables.flatMap((table) => Object.keys(table));
    expect(ids.length).toBeGreaterThan(70);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect(Object.keys(routes).sort()).toEqual([...ids].sort());
  });

  it('gives each method and address to one operation', () => {
    const addresses = Object.values(routes).map((operation) => `${operation.method} ${operation.path}`);
    expect(addresses.filter((address, index) => addresses.indexOf(address) !== index)).toEqual([]);
  });
});
