import { describe, expect, it } from 'vitest';
import { documentedMetadataAddresses, documentedMetadataNames } from '@tests/unit/cloud-metadata-cases';
import { assertAddress, assertHost } from './address-guard';
import { parseAllowList, urlFetchPolicy } from './url-fetch-policy';

describe('URL_FETCH_ALLOW', () => {
  it('reads host names, CIDR ranges and single addresses', () => {
    expect(parseAllowList(' Files.LAN. , 10.1.0.0/16,fd00::/8, 192.168.1.20,, ')).toEqual({
      entries: [
        { kind: 'host', host: 'files.lan' },
        { kind: 'range', cidr: '10.1.0.0/16' },
        { kind: 'range', cidr: 'fd00::/8' },
        { kind: 'range', cidr: '192.168.1.20/32' },
      ],
      problems: [],
    });
    expect(parseAllowList('10.0.0.0/40,bad host!').problems).toHaveLength(2);
  });
});

describe('the URL fetch policy', () => {
  const none = urlFetchPolicy([]);
  const allowing = urlFetchPolicy(
    parseAllowList('files.lan,10.1.0.0/16,169.254.0.0/16,metadata.google.internal').entries,
  );

  it('refuses every non-public address and allows public ones', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.0.1',
      '169.254.169.254',
      'fe80::1',
      'fd00::1',
      '::1',
      '0.0.0.0',
      '224.0.0.1',
      '203.0.113.9',
    ]) {
      expect(() => assertAddress(none, 'example.com', address), address).toThrow(/refused to connect/);
    }
    expect(() => assertAddress(none, 'example.com', '8.8.8.8')).not.toThrow();
    expect(() => assertAddress(none, 'example.com', '2606:4700::1111')).not.toThrow();
  });

  it('lets the operator’s hosts and ranges through, in any spelling of the address', () => {
    expect(() => assertAddress(allowing, 'files.lan', '192.168.5.5')).not.toThrow();
    expect(() => assertAddress(allowing, 'other.lan', '10.1.200.3')).not.toThrow();
    expect(() => assertAddress(allowing, 'other.lan', '::ffff:10.1.200.3')).not.toThrow();
    expect(() => assertHost(allowing, '[::ffff:a01:c803]')).not.toThrow();
    expect(() => assertAddress(allowing, 'other.lan', '10.2.0.1')).toThrow(/private/);
  });

  it('never allows a cloud metadata service, whatever the allowance says', () => {
    expect(() => assertAddress(allowing, 'other.lan', '169.254.169.254')).toThrow(/metadata/);
    expect(() => assertHost(allowing, 'metadata.google.internal')).toThrow(/metadata/);
    expect(() => assertAddress(allowing, 'files.lan', '169.254.169.254')).toThrow(/metadata/);
    expect(() => assertAddress(allowing, 'other.lan', '169.254.10.10')).not.toThrow();
  });

  it('refuses every cloud’s documented metadata service even when every address and name is allowed', () => {
    const names = documentedMetadataNames.map(({ name }) => name).join(',');
    const everything = urlFetchPolicy(parseAllowList(`0.0.0.0/0,::/0,${names}`).entries);
    expect(() => assertAddress(everything, 'files.lan', '203.0.113.9')).not.toThrow();
    for (const { address } of documentedMetadataAddresses) {
      expect(() => assertAddress(everything, 'files.lan', address), address).toThrow(/metadata/);
      expect(() => assertHost(everything, address.includes(':') ? `[${address}]` : address), address).toThrow(
        /metadata/,
      );
    }
    for (const { name } of documentedMetadataNames) {
      expect(() => assertHost(everything, name), name).toThrow(/metadata/);
    }
  });
});
