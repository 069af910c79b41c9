// How long the server waits for a slow client. Node's defaults let a slow-loris live: 60 s to send
// the headers (checked only every 30 s) and 300 s for a whole request, which also cuts a real
// upload that takes longer than five minutes. Here the headers get a short deadline of their own,
// a request has no total deadline (uploads stream for as long as their bytes keep coming), and a
// connection that goes silent while its request is still arriving is closed after an idle time.
// Once a request has fully arrived, the answer may take as long as it needs.
import type { IncomingMessage, Server, ServerOptions, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export type ConnectionLimits = {
  /** The whole header block of a request, from its first byte; real clients send it in one packet. */
  headersTimeoutMs: number;
  /** Silence while a request (its headers or its body) is still arriving ends the connection. */
  idleTimeoutMs: number;
  /** An open connection with no request in it. */
  keepAliveTimeoutMs: number;
};

export const defaultConnectionLimits: ConnectionLimits = {
  headersTimeoutMs: 20_000,
  idleTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
};

/** The options of the HTTP server itself. */
export function serverOptionsFor(limits: ConnectionLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    // No deadline for a whole request: an upload ends when its bytes stop coming, not at a time.
    requestTimeout: 0,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // Node looks for late headers on this beat (every 30 s by default, which would add up to 30 s).
    connectionsCheckingInterval: Math.max(100, Math.min(1_000, Math.floor(limits.headersTimeoutMs / 4))),
  };
}

/**
 * Closes a connection that stays silent for `idleTimeoutMs` while no request is in it or while its
 * request is still arriving; a request that has fully arrived is never cut for the time its answer
 * takes.
 */
export function closeSilentConnections(server: Server, limits: ConnectionLimits): void {
  const inFlight = new WeakMap<Socket, IncomingMessage>();
  server.setTimeout(limits.idleTimeoutMs);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    inFlight.set(socket, req);
    // Node clears a kept-alive connection's timer when its next request begins: arm it again.
    socket.setTimeout(limits.idleTimeoutMs);
    res.once('close', () => {
      if (inFlight.get(socket) === req) inFlight.delete(socket);
    });
  });
  // With a listener here Node no longer closes timed-out sockets itself: this decides.
  server.on('timeout', (socket: Socket) => {
    const req = inFlight.get(socket);
    if (req === undefined || !req.complete) socket.destroy();
  });
}
