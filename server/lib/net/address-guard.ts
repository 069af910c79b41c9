// The one address check for every connection the server opens on someone's behalf (the S3 client,
// storage probes, URL fetches). Names are resolved once and the socket goes to the checked
// address (no DNS rebinding); IP literals, which skip the lookup, are checked at connect time.
import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { Agent as HttpAgent, type AgentOptions } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { Socket } from 'node:net';
import { classifyIp, isMetadataName, refusedForStorage, type AddressClass } from '@shared/net/address-class';

export type AddressPolicy = {
  /** Named in refusals: "storage endpoint", "URL". */
  subject: string;
  refused: ReadonlySet<AddressClass>;
  /** Hosts allowed whatever they resolve to (an operator's explicit choice). */
  isAllowed?: (host: string, address: string | null) => boolean;
};

export const storagePolicy: AddressPolicy = { subject: 'storage endpoint', refused: refusedForStorage };

export class AddressRefusedError extends Error {
  readonly code = 'EADDRNOTAVAIL';

  constructor(
    readonly host: string,
    readonly kind: AddressClass | 'metadata-name',
    subject: string,
  ) {
    super(
      `refused to connect to ${host}: the ${subject} is ${kind === 'metadata-name' ? 'a cloud metadata service' : `a ${kind} address`}`,
    );
    this.name = 'AddressRefusedError';
  }
}

/** Throws when connecting to `address` (an IP) for `host` breaks the policy. */
export function assertAddress(policy: AddressPolicy, host: string, address: string): void {
  if (policy.isAllowed?.(host, address) === true) return;
  const kind = classifyIp(address);
  if (kind === null || policy.refused.has(kind))
    throw new AddressRefusedError(host, kind ?? 'reserved', policy.subject);
}

/** Throws for a host that is refused before any lookup: a metadata name or a refused literal. */
export function assertHost(policy: AddressPolicy, host: string): void {
  const bare = host.replace(/^\[|\]$/g, '');
  if (policy.isAllowed?.(bare, null) === true) return;
  if (isMetadataName(bare)) throw new AddressRefusedError(bare, 'metadata-name', policy.subject);
  if (classifyIp(bare) !== null) assertAddress(policy, bare, bare);
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A dns.lookup replacement that refuses a name when any of its addresses breaks the policy. */
export function guardedLookup(policy: AddressPolicy) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    try {
      assertHost(policy, hostname);
    } catch (error) {
      callback(error as AddressRefusedError, []);
      return;
    }
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error !== null) return callback(error, []);
      try {
        for (const { address } of addresses) assertAddress(policy, hostname, address);
      } catch (refused) {
        return callback(refused as AddressRefusedError, []);
      }
      const [first] = addresses;
      if (options.all === true) callback(null, addresses);
      else if (first === undefined)
        callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), []);
      else callback(null, first.address, first.family);
    });
  };
}

type ConnectOptions = { host?: string | null; hostname?: string | null };

/** Checks IP literals, which never reach `lookup`, before the socket is opened. */
function checkLiteral(policy: AddressPolicy, options: ConnectOptions): void {
  const host = options.hostname ?? options.host ?? '';
  if (classifyIp(host) !== null || isMetadataName(host)) assertHost(policy, host);
}

class GuardedHttpAgent extends HttpAgent {
  constructor(
    private readonly policy: AddressPolicy,
    options: AgentOptions,
  ) {
    super({ ...options, lookup: guardedLookup(policy) });
  }

  override createConnection(
    options: ConnectOptions,
    callback?: (error: Error | null, socket: Socket) => void,
  ): Socket | undefined {
    checkLiteral(this.policy, options);
    return super.createConnection(options as never, callback as never) as Socket | undefined;
  }
}

class GuardedHttpsAgent extends HttpsAgent {
  constructor(
    private readonly policy: AddressPolicy,
    options: AgentOptions,
  ) {
    super({ ...options, lookup: guardedLookup(policy) });
  }

  override createConnection(
    options: ConnectOptions,
    callback?: (error: Error | null, socket: Socket) => void,
  ): Socket | undefined {
    checkLiteral(this.policy, options);
    return super.createConnection(options as never, callback as never) as Socket | undefined;
  }
}

export type GuardedAgents = { http: HttpAgent; https: HttpsAgent };

export function guardedAgents(policy: AddressPolicy, options: AgentOptions = {}): GuardedAgents {
  return { http: new GuardedHttpAgent(policy, options), https: new GuardedHttpsAgent(policy, options) };
}
