import { describe, expect, it } from 'vitest';
import { classifyIp, storageHostProblem } from './address-class';

describe('classifyIp', () => {
  it.each([
    // 169.254.169.254 in every spelling
    ['169.254.169.254', 'metadata'],
    ['0xa9fea9fe', 'metadata'],
    ['2852039166', 'metadata'],
    ['0251.0376.0251.0376', 'metadata'],
    ['0xa9.0xfe.0xa9.0xfe', 'metadata'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['[::ffff:a9fe:a9fe]', 'metadata'],
    ['::ffff:0:a9fe:a9fe', 'metadata'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['64:ff9b:1::a9fe:a9fe', 'metadata'],
    ['::169.254.169.254', 'metadata'],
    ['[::a9fe:a9fe]', 'metadata'],
    ['2002:a9fe:a9fe::1', 'metadata'],
    ['0:0:0:0:0:ffff:a9fe:a9fe', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['169.254.0.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['[fe80::1%eth0]', 'link-local'],
    // 127.0.0.1 and ::1
    ['127.0.0.1', 'loopback'],
    ['127.1', 'loopback'],
    ['0x7f000001', 'loopback'],
    ['2130706433', 'loopback'],
    ['0177.0.0.1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['::1', 'loopback'],
    ['[0:0:0:0:0:0:0:1]', 'loopback'],
    // 10.0.0.1 and friends
    ['10.0.0.1', 'private'],
    ['0x0a000001', 'private'],
    ['167772161', 'private'],
    ['012.0.0.1', 'private'],
    ['10.1', 'private'],
    ['::ffff:10.0.0.1', 'private'],
    ['64:ff9b::a00:1', 'private'],
    ['192.168.1.20', 'private'],
    ['172.16.5.4', 'private'],
    ['100.64.0.1', 'private'],
    ['fd12:3456::1', 'unique-local'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['255.255.255.255', 'reserved'],
    ['203.0.113.7', 'reserved'],
    ['8.8.8.8', 'public'],
    ['2606:4700::1111', 'public'],
  ])('%s is %s', (host, kind) => {
    expect(classifyIp(host)).toBe(kind);
  });

  it.each(['localhost', 'minio.lan', 's3.eu-central-1.amazonaws.com', '169.2540.1.1', ''])(
    '%s is not an IP literal',
    (host) => {
      expect(classifyIp(host)).toBeNull();
    },
  );
});

describe('storageHostProblem', () => {
  it.each([
    '169.254.169.254',
    '[::ffff:169.254.169.254]',
    '[64:ff9b::a9fe:a9fe]',
    '[::a9fe:a9fe]',
    'metadata.google.internal',
    'METADATA.google.internal.',
    'instance-data.ec2.internal',
    '[fe80::1]',
    '0.0.0.0',
    '224.0.0.1',
  ])('refuses %s', (host) => {
    expect(storageHostProblem(host)).not.toBeNull();
  });

  it.each([
    '127.0.0.1',
    '[::1]',
    '[::ffff:127.0.0.1]',
    '10.0.0.5',
    'localhost',
    'minio.lan',
    's3.amazonaws.com',
    '[fd12:3456::1]',
  ])('allows %s (a gateway beside the app)', (host) => {
    expect(storageHostProblem(host)).toBeNull();
  });
});
