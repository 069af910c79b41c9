// The address guard's metadata list against every cloud's documented metadata services.
import { describe, expect, it } from 'vitest';
import { classifyIp, isMetadataName, storageHostProblem } from '@shared/net/address-class';
import {
  documentedMetadataAddresses,
  documentedMetadataNames,
  urlHost,
  wireServerSpellings,
} from './cloud-metadata-cases';

describe('every cloud’s documented metadata service', () => {
  it.each(documentedMetadataAddresses)('$cloud: $address is a metadata address', ({ address }) => {
    expect(classifyIp(address)).toBe('metadata');
    expect(storageHostProblem(urlHost(address))).toBe('a metadata address');
  });

  it.each(wireServerSpellings)('Azure WireServer spelled %s is a metadata address', (host) => {
    expect(classifyIp(host)).toBe('metadata');
  });

  it.each(documentedMetadataNames)('$cloud: $name is a metadata name', ({ name }) => {
    expect(isMetadataName(name)).toBe(true);
    expect(storageHostProblem(name)).toBe('a cloud metadata service');
  });
});
