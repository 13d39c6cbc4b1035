import { startD1ContractServer, type D1ContractServer } from './d1ContractServer';

let shared: Promise<D1ContractServer> | null = null;

/** This test file's D1 contract server, started on first use (a Miniflare start costs ~1.4 s). */
export function sharedD1Server(): Promise<D1ContractServer> {
  shared ??= startD1ContractServer();
  return shared;
}

export async function stopSharedD1Server(): Promise<void> {
  if (!shared) return;
  const server = await shared;
  shared = null;
  await server.stop();
}
