// Every cloud's instance metadata and credential services as each cloud documents them, kept apart
// from the server's own list (`src/shared/net/address-class.ts`) so the tests check that list
// against the documentation rather than against itself. Connecting to any of them is refused,
// for URL uploads and storage endpoints alike, whatever URL_FETCH_ALLOW opens.
export const documentedMetadataAddresses: readonly { cloud: string; address: string }[] = [
  { cloud: 'AWS EC2 (IPv4)', address: '169.254.169.254' },
  { cloud: 'AWS EC2 (IPv6)', address: 'fd00:ec2::254' },
  { cloud: 'AWS ECS task metadata', address: '169.254.170.2' },
  { cloud: 'AWS EKS Pod Identity (IPv4)', address: '169.254.170.23' },
  { cloud: 'AWS EKS Pod Identity (IPv6)', address: 'fd00:ec2::23' },
  { cloud: 'Google Cloud (IPv6-only instances)', address: 'fd20:ce::254' },
  { cloud: 'Azure WireServer', address: '168.63.129.16' },
  { cloud: 'Alibaba Cloud', address: '100.100.100.200' },
  { cloud: 'Oracle Cloud (IPv6)', address: 'fd00:c1::a9fe:a9fe' },
  { cloud: 'Oracle Cloud@Customer', address: '192.0.0.192' },
  { cloud: 'Tencent Cloud', address: '169.254.0.23' },
  { cloud: 'OpenStack (IPv6)', address: 'fe80::a9fe:a9fe' },
  { cloud: 'Akamai Linode (IPv6)', address: 'fd00:a9fe:a9fe::1' },
  { cloud: 'Scaleway (IPv4)', address: '169.254.42.42' },
  { cloud: 'Scaleway (IPv6)', address: 'fd00:42::42' },
];

export const documentedMetadataNames: readonly { cloud: string; name: string }[] = [
  { cloud: 'Google Cloud', name: 'metadata.google.internal' },
  { cloud: 'AWS EC2', name: 'instance-data.ec2.internal' },
  { cloud: 'Tencent Cloud', name: 'metadata.tencentyun.com' },
  { cloud: 'IBM Cloud', name: 'api.metadata.cloud.ibm.com' },
  { cloud: 'Equinix Metal', name: 'metadata.platformequinix.com' },
];

/** Azure's WireServer sits on a public address: spelled every way a URL can carry it. */
export const wireServerSpellings = [
  '168.63.129.16',
  '2822734096',
  '0xa83f8110',
  '0250.0077.0201.0020',
  '168.63.33040',
  '[::ffff:168.63.129.16]',
  '[::ffff:a83f:8110]',
  '[64:ff9b::a83f:8110]',
  '[2002:a83f:8110::1]',
] as const;

/** A documented host as a URL's host: IPv6 in brackets. */
export const urlHost = (host: string) => (host.includes(':') ? `[${host}]` : host);

/** Every documented address and name, as URL hosts. */
export const everyDocumentedMetadataHost: readonly string[] = [
  ...documentedMetadataAddresses.map(({ address }) => urlHost(address)),
  ...documentedMetadataNames.map(({ name }) => name),
];
