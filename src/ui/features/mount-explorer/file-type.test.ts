import { describe, expect, it } from 'vitest';
import { fileTypeOf } from './file-type';

describe('the kind of file an icon shows', () => {
  it.each([
    ['IMG_0001.JPG', null, 'image'],
    ['scan', 'image/png', 'image'],
    ['clip.mov', null, 'video'],
    ['song.flac', 'application/octet-stream', 'audio'],
    ['report.pdf', null, 'pdf'],
    ['notes.txt', null, 'text'],
    ['README.md', null, 'text'],
    ['main.rs', null, 'code'],
    ['backup.tar.gz', null, 'archive'],
    ['bundle', 'application/zip', 'archive'],
    ['budget.xlsx', null, 'office'],
    ['slides.odp', null, 'office'],
    ['firmware.bin', null, 'other'],
    ['no-extension', null, 'other'],
  ])('%s (%s) is %s', (name, type, kind) => {
    expect(fileTypeOf(name, type)).toBe(kind);
  });
});
