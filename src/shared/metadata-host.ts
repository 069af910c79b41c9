// Cloud metadata services answer on link-local and a few well-known addresses; a storage endpoint
// there would let the server's requests read instance credentials. Loopback and private networks
// stay allowed: a MinIO or radosgw next to Clipdock is the common self-hosted setup.

const metadataNames = new Set(['metadata', 'metadata.google.internal', 'instance-data', 'instance-data.ec2.internal']);

/** True for IPv4 169.254.0.0/16, Alibaba's 100.100.100.200, IPv6 fe80::/10 and AWS fd00:ec2::254. */
export function isMetadataAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').toLowerCase();
  const mapped = ip.startsWith('::ffff:') ? ip.slice('::ffff:'.length) : ip;
  if (/^169\.254\.\d{1,3}\.\d{1,3}$/.test(mapped) || mapped === '100.100.100.200') return true;
  return /^fe[89ab][0-9a-f]?:/.test(ip) || ip === 'fd00:ec2::254';
}

/** True when a URL's host is a metadata address or one of the metadata services' names. */
export function isMetadataHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return metadataNames.has(host) || isMetadataAddress(host);
}
