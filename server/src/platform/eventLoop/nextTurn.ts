/**
 * Resolves on the event loop's next turn, after the I/O waiting now: a long piece of work on
 * the main thread (a large sync) awaits it between its parts, so the API and the hub answer
 * meanwhile.
 */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
