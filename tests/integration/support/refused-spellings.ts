// The hosts a request forger would try, in every spelling a URL can carry: 127.0.0.1, 10.0.0.1,
// 169.254.169.254 and ::1 as decimal, hex, octal and short IPv4 forms, IPv4-mapped, translated,
// compatible, NAT64 and 6to4 IPv6, and the names that resolve to them; and Azure's WireServer,
// a metadata service on a public address.
import { wireServerSpellings } from '@tests/unit/cloud-metadata-cases';

export const refusedSpellings = {
  '127.0.0.1': [
    '127.0.0.1',
    '127.1',
    '127.0.1',
    '0x7f000001',
    '2130706433',
    '0177.0.0.1',
    '0x7f.0.0.1',
    '0177.1',
    '127.0.0.1.',
    '[::ffff:127.0.0.1]',
    '[::ffff:7f00:1]',
    '[::ffff:0:7f00:1]',
    '[0:0:0:0:0:ffff:7f00:1]',
    '[64:ff9b::7f00:1]',
    '[64:ff9b:1::7f00:1]',
    '[::127.0.0.1]',
    '[2002:7f00:1::1]',
    'localhost',
  ],
  '10.0.0.1': [
    '10.0.0.1',
    '10.1',
    '0x0a000001',
    '167772161',
    '012.0.0.1',
    '0xa.0.0.1',
    '[::ffff:10.0.0.1]',
    '[::ffff:a00:1]',
    '[64:ff9b::a00:1]',
    '[::10.0.0.1]',
    '[2002:a00:1::1]',
  ],
  '169.254.169.254': [
    '169.254.169.254',
    '0xa9fea9fe',
    '2852039166',
    '0251.0376.0251.0376',
    '0xa9.0xfe.0xa9.0xfe',
    '169.254.43518',
    '[::ffff:169.254.169.254]',
    '[::ffff:a9fe:a9fe]',
    '[::ffff:0:a9fe:a9fe]',
    '[64:ff9b::a9fe:a9fe]',
    '[64:ff9b:1::a9fe:a9fe]',
    '[::169.254.169.254]',
    '[2002:a9fe:a9fe::1]',
    'metadata.google.internal',
    'METADATA.google.internal.',
  ],
  '168.63.129.16': wireServerSpellings,
  '::1': ['[::1]', '[0:0:0:0:0:0:0:1]', '[0000:0000::0001]', '[::0:1]'],
} as const;

export type RefusedTarget = keyof typeof refusedSpellings;
export const refusedTargets = Object.keys(refusedSpellings) as RefusedTarget[];

/** Every spelling with the address it stands for, for `it.each`. */
export const everyRefusedSpelling: [RefusedTarget, string][] = refusedTargets.flatMap((target) =>
  refusedSpellings[target].map((host): [RefusedTarget, string] => [target, host]),
);
