// What kind of address a host is, whatever way it is spelled: IPv4 in decimal, hex, octal or
// short forms, and IPv6 addresses that carry an IPv4 one (mapped, translated, compatible, NAT64,
// 6to4). Every check of a host the server would connect to starts here, so no spelling slips by.
import ipaddr from 'ipaddr.js';

export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'metadata'
  | 'unique-local'
  | 'multicast'
  | 'unspecified'
  | 'reserved';

/**
 * Every cloud's documented instance metadata (and credential) services, by address and by name.
 * Most sit in link-local or private ranges that are refused anyway; listed here they stay refused
 * when URL_FETCH_ALLOW opens such a range, and the public one (Azure's WireServer) is refused at all.
 */
export const cloudMetadataServices: readonly {
  cloud: string;
  addresses: readonly string[];
  names?: readonly string[];
}[] = [
  {
    cloud: 'AWS: EC2 instance metadata (IPv4, IPv6), ECS task metadata, EKS Pod Identity',
    addresses: ['169.254.169.254', 'fd00:ec2::254', '169.254.170.2', '169.254.170.23', 'fd00:ec2::23'],
    names: ['instance-data', 'instance-data.ec2.internal'],
  },
  {
    cloud: 'Google Cloud (IPv4, IPv6-only instances)',
    addresses: ['169.254.169.254', 'fd20:ce::254'],
    names: ['metadata', 'metadata.google.internal', 'metadata.goog'],
  },
  { cloud: 'Azure: instance metadata, WireServer', addresses: ['169.254.169.254', '168.63.129.16'] },
  { cloud: 'Alibaba Cloud', addresses: ['100.100.100.200'] },
  {
    cloud: 'Oracle Cloud (IMDS, IPv6, Cloud@Customer)',
    addresses: ['169.254.169.254', 'fd00:c1::a9fe:a9fe', '192.0.0.192'],
  },
  { cloud: 'Tencent Cloud', addresses: ['169.254.0.23'], names: ['metadata.tencentyun.com'] },
  { cloud: 'Huawei Cloud, DigitalOcean, Hetzner, Vultr, Exoscale', addresses: ['169.254.169.254'] },
  { cloud: 'OpenStack (IPv4, IPv6)', addresses: ['169.254.169.254', 'fe80::a9fe:a9fe'] },
  { cloud: 'Akamai (Linode)', addresses: ['169.254.169.254', 'fd00:a9fe:a9fe::1'] },
  { cloud: 'Scaleway', addresses: ['169.254.42.42', 'fd00:42::42'] },
  { cloud: 'IBM Cloud', addresses: ['169.254.169.254'], names: ['api.metadata.cloud.ibm.com'] },
  { cloud: 'Equinix Metal', addresses: [], names: ['metadata.platformequinix.com', 'metadata.packet.net'] },
];

/** The addresses in ipaddr's canonical spelling, so any spelling of one matches. */
const metadataIps = new Set(
  cloudMetadataServices.flatMap((service) => service.addresses.map((address) => ipaddr.parse(address).toString())),
);
const metadataNames = new Set(cloudMetadataServices.flatMap((service) => service.names ?? []));

const ipv4Ranges: Record<string, AddressClass> = {
  unicast: 'public',
  loopback: 'loopback',
  private: 'private',
  linkLocal: 'link-local',
  multicast: 'multicast',
  unspecified: 'unspecified',
  broadcast: 'reserved',
  carrierGradeNat: 'private',
  reserved: 'reserved',
};

const ipv6Ranges: Record<string, AddressClass> = {
  unicast: 'public',
  loopback: 'loopback',
  linkLocal: 'link-local',
  uniqueLocal: 'unique-local',
  multicast: 'multicast',
  unspecified: 'unspecified',
  reserved: 'reserved',
};

/** The IPv4 address an IPv6 one carries, for every prefix that embeds one. */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = address.parts;
  const part = (i: number) => p[i] ?? 0;
  const v4 = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  const tail = () => v4(part(6), part(7));
  const zeros = (from: number, to: number) => p.slice(from, to).every((part) => part === 0);
  if (zeros(0, 5) && p[5] === 0xffff) return tail(); // ::ffff:a.b.c.d, mapped
  if (zeros(0, 4) && p[4] === 0xffff && p[5] === 0) return tail(); // ::ffff:0:a.b.c.d, translated (RFC 6145)
  if (zeros(0, 6) && !(part(6) === 0 && part(7) <= 1)) return tail(); // ::a.b.c.d, compatible (not :: or ::1)
  if (p[0] === 0x64 && p[1] === 0xff9b && zeros(2, 6)) return tail(); // 64:ff9b::/96, NAT64 (RFC 6052)
  if (p[0] === 0x64 && p[1] === 0xff9b && p[2] === 1) return tail(); // 64:ff9b:1::/48, local NAT64 (RFC 8215)
  if (p[0] === 0x2002) return v4(part(1), part(2)); // 6to4
  return null;
}

function classifyIpv4(address: ipaddr.IPv4): AddressClass {
  if (metadataIps.has(address.toString())) return 'metadata';
  return ipv4Ranges[address.range()] ?? 'reserved';
}

/** The class of an IP literal (brackets allowed), or null when `host` is not one. */
export function classifyIp(host: string): AddressClass | null {
  const literal = host.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.parse(literal);
  } catch {
    return null;
  }
  if (address.kind() === 'ipv4') return classifyIpv4(address as ipaddr.IPv4);
  const v6 = address as ipaddr.IPv6;
  const embedded = embeddedIpv4(v6);
  if (embedded !== null) return classifyIpv4(embedded);
  if (metadataIps.has(v6.toString())) return 'metadata';
  return ipv6Ranges[v6.range()] ?? 'reserved';
}

export function isMetadataName(host: string): boolean {
  return metadataNames.has(host.toLowerCase().replace(/\.$/, ''));
}

/** Storage may live beside the app (loopback, private), never on link-local, metadata or non-unicast addresses. */
export const refusedForStorage: ReadonlySet<AddressClass> = new Set<AddressClass>([
  'link-local',
  'metadata',
  'multicast',
  'unspecified',
  'reserved',
]);

/** Why a storage endpoint's host is refused, or null when it may be used. Names are checked again when resolved. */
export function storageHostProblem(host: string): string | null {
  if (isMetadataName(host)) return 'a cloud metadata service';
  const kind = classifyIp(host);
  return kind !== null && refusedForStorage.has(kind) ? `a ${kind} address` : null;
}
