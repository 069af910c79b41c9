// Messages every instance on one PostgreSQL database hears (LISTEN/NOTIFY on one channel): cache
// clears and mount refreshes, so what one instance drops the others drop within moments. Each
// message carries its sender's id and the sender skips its own. A lost connection is reopened by
// itself after a second; since messages sent meanwhile are lost, the listeners are told to start
// clean (`onReconnect`). With one process (SQLite) the bus is local and sends nothing.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Logger } from '@server/lib/logger';

export const busChannel = 'clipdock_bus';
/** How the bus's connections show in pg_stat_activity. */
export const busApplicationName = 'clipdock-bus';
/** PostgreSQL refuses NOTIFY payloads from 8000 bytes; larger messages must be summarized by the sender. */
export const maxBusMessageBytes = 7_000;

export type BusListener = { onMessage(message: unknown): void; onReconnect(): void };

export interface CacheBus {
  /** Sends to every other instance; false when the message is too large to send. */
  publish(message: unknown): boolean;
  listen(listener: BusListener): void;
  close(): Promise<void>;
}

/** One process: there is nobody to tell. */
export const localBus: CacheBus = {
  publish: () => true,
  listen: () => undefined,
  close: async () => undefined,
};

type Envelope = { from: string; message: unknown };

export async function openDatabaseBus(connectionString: string, logger: Logger): Promise<CacheBus> {
  const { default: pgModule } = await import('pg');
  const self = randomUUID();
  const listeners: BusListener[] = [];
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  // One query at a time on the connection, in the order sent (pg queues but deprecates overlap).
  let sending: Promise<unknown> = Promise.resolve();

  const connect = async (): Promise<void> => {
    const next = new pgModule.Client({ connectionString, application_name: busApplicationName });
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = undefined;
      next.end().catch(() => undefined);
      if (closed) return;
      logger.warn('cache bus connection lost, reconnecting', { error: error?.message });
      retry = setTimeout(() => void reconnect(), 1_000);
      retry.unref();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', ({ channel, payload }) => {
      if (channel !== busChannel || payload === undefined) return;
      const envelope = parseEnvelope(payload);
      if (envelope === undefined || envelope.from === self) return;
      for (const listener of listeners) listener.onMessage(envelope.message);
    });
    await next.connect();
    await next.query(`listen ${busChannel}`);
    client = next;
  };
  const reconnect = async () => {
    try {
      await connect();
      for (const listener of listeners) listener.onReconnect();
    } catch (error) {
      logger.warn('cache bus reconnect failed', { error: error instanceof Error ? error.message : String(error) });
      if (closed) return;
      retry = setTimeout(() => void reconnect(), 1_000);
      retry.unref();
    }
  };
  await connect();

  return {
    publish(message) {
      const payload = JSON.stringify({ from: self, message } satisfies Envelope);
      if (Buffer.byteLength(payload) > maxBusMessageBytes) return false;
      sending = sending
        .then(() => client?.query('select pg_notify($1, $2)', [busChannel, payload]))
        .catch((error: unknown) => {
          logger.warn('cache bus publish failed', { error: error instanceof Error ? error.message : String(error) });
        });
      return true;
    },
    listen(listener) {
      listeners.push(listener);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const open = client;
      client = undefined;
      await open?.end();
    },
  };
}

function parseEnvelope(payload: string): Envelope | undefined {
  try {
    const parsed: unknown = JSON.parse(payload);
    if (typeof parsed !== 'object' || parsed === null || !('from' in parsed) || !('message' in parsed))
      return undefined;
    return typeof parsed.from === 'string' ? { from: parsed.from, message: parsed.message } : undefined;
  } catch {
    return undefined;
  }
}
