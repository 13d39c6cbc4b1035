import http from 'node:http';

/** The port cannot be had: the one line the operator reads, naming what to change. */
export class PortUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PortUnavailable';
  }
}

export interface ReservedPort {
  /** What the app's server listens on instead of binding again (`server.listen({ handle })`). */
  handle: unknown;
  /** Ends the "starting" answers: the app's server has the port now. */
  handedOver(): void;
  /** Gives the port back (the start failed later). */
  release(): Promise<void>;
}

/**
 * Binds the port before anything else happens, so a port in use stops the start before a
 * database, an admin or a demo calendar is created. Until the app takes the port over, a
 * visitor gets a short "starting" answer instead of a refused connection.
 */
export async function reservePort(port: number, host: string): Promise<ReservedPort> {
  const server = http.createServer((_request, response) => {
    response.writeHead(503, {
      'content-type': 'text/plain; charset=utf-8',
      'retry-after': '2',
      connection: 'close',
    });
    response.end('Auditdesk is starting. Try again in a moment.\n');
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ port, host }, () => resolve());
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new PortUnavailable(`Port ${port} is in use: set PORT`);
    if (code === 'EACCES')
      throw new PortUnavailable(`Port ${port} needs more rights than this user has: set PORT`);
    if (code === 'EADDRNOTAVAIL') throw new PortUnavailable(`This machine has no address ${host}: set HOST`);
    throw error;
  }
  return {
    // Node's documented way to listen on a bound socket: a server's underlying handle
    handle: (server as unknown as { _handle: unknown })._handle,
    handedOver: () => server.closeAllConnections(),
    release: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
