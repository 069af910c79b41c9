// The address policy of the URLs the server fetches for a user (URL uploads): only public
// addresses, unless the operator allows a host or range on purpose with URL_FETCH_ALLOW. Cloud
// metadata services stay refused whatever the allowance says: no upload needs them.
import ipaddr from 'ipaddr.js';
import { classifyIp, isMetadataName, type AddressClass } from '@shared/net/address-class';
import type { AddressPolicy } from './address-guard';

/** Everything but public unicast addresses. */
export const refusedForUrlFetch: ReadonlySet<AddressClass> = new Set<AddressClass>([
  'loopback',
  'private',
  'link-local',
  'metadata',
  'unique-local',
  'multicast',
  'unspecified',
  'reserved',
]);

/** One URL_FETCH_ALLOW entry: a host name (exact, case-insensitive) or an address range. */
export type UrlFetchAllowEntry = { kind: 'host'; host: string } | { kind: 'range'; cidr: string };

const hostNamePattern =
  /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

const normaliseHost = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');

/** Parses `host,10.0.0.0/8,fd00::/8`: host names, CIDR ranges or single addresses. */
export function parseAllowList(text: string): { entries: UrlFetchAllowEntry[]; problems: string[] } {
  const entries: UrlFetchAllowEntry[] = [];
  const problems: string[] = [];
  for (const raw of text.split(',')) {
    const item = normaliseHost(raw);
    if (item === '') continue;
    if (item.includes('/')) {
      try {
        const [address, bits] = ipaddr.parseCIDR(item);
        entries.push({ kind: 'range', cidr: `${address.toString()}/${bits}` });
      } catch {
        problems.push(`"${raw.trim()}" is not a valid CIDR range`);
      }
    } else if (ipaddr.isValid(item)) {
      const address = ipaddr.process(item);
      entries.push({ kind: 'range', cidr: `${address.toString()}/${address.kind() === 'ipv4' ? 32 : 128}` });
    } else if (hostNamePattern.test(item)) {
      entries.push({ kind: 'host', host: item });
    } else {
      problems.push(`"${raw.trim()}" is neither a host name nor a CIDR range`);
    }
  }
  return { entries, problems };
}

function isMetadata(host: string, address: string | null): boolean {
  return (
    isMetadataName(host) || classifyIp(host) === 'metadata' || (address !== null && classifyIp(address) === 'metadata')
  );
}

/** The policy for URL fetches; `allow` comes from URL_FETCH_ALLOW. */
export function urlFetchPolicy(allow: readonly UrlFetchAllowEntry[]): AddressPolicy {
  const hosts = new Set(allow.flatMap((entry) => (entry.kind === 'host' ? [entry.host] : [])));
  const ranges = allow.flatMap((entry) => (entry.kind === 'range' ? [ipaddr.parseCIDR(entry.cidr)] : []));
  const inRange = (text: string) => {
    let address: ipaddr.IPv4 | ipaddr.IPv6;
    try {
      address = ipaddr.process(text.replace(/%.*$/, ''));
    } catch {
      return false;
    }
    return ranges.some((range) => range[0].kind() === address.kind() && address.match(range));
  };
  return {
    subject: 'URL',
    refused: refusedForUrlFetch,
    isAllowed: (rawHost, address) => {
      if (allow.length === 0) return false;
      const host = normaliseHost(rawHost);
      if (isMetadata(host, address)) return false;
      if (hosts.has(host)) return true;
      const candidate = address ?? (classifyIp(host) === null ? null : host);
      return candidate !== null && inRange(candidate);
    },
  };
}
