import { describe, expect, it } from 'vitest';
import { isMetadataAddress, isMetadataHost } from './metadata-host';

describe('isMetadataHost', () => {
  it.each([
    ['169.254.169.254', true],
    ['169.254.0.1', true],
    ['[fe80::1]', true],
    ['fe80::abcd', true],
    ['[fd00:ec2::254]', true],
    ['::ffff:169.254.169.254', true],
    ['100.100.100.200', true],
    ['metadata.google.internal', true],
    ['METADATA.google.internal.', true],
    ['instance-data.ec2.internal', true],
    ['127.0.0.1', false],
    ['localhost', false],
    ['10.0.0.5', false],
    ['192.168.1.20', false],
    ['[::1]', false],
    ['fd12:3456::1', false],
    ['minio.lan', false],
    ['s3.eu-central-1.amazonaws.com', false],
    ['169.2540.1.1', false],
  ])('%s → %s', (host, refused) => {
    expect(isMetadataHost(host)).toBe(refused);
  });

  it('checks resolved addresses the same way', () => {
    expect(isMetadataAddress('169.254.169.254')).toBe(true);
    expect(isMetadataAddress('203.0.113.7')).toBe(false);
  });
});
