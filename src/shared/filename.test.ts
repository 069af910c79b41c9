import { describe, expect, it } from 'vitest';
import { cleanFilename } from './filename';

describe('cleanFilename', () => {
  it.each([
    ['report.pdf', 'report.pdf'],
    ['a\u0000b.txt', 'ab.txt'],
    ['photo\u202Egnp.exe', 'photognp.exe'],
    ['\u2066evil\u2069.js\u0007', 'evil.js'],
    ['zero\u200Bwidth\uFEFF.md', 'zerowidth.md'],
    ['  \u0000\u202E  ', 'file'],
    ['年度报告.docx', '年度报告.docx'],
  ])('%j becomes %j', (name, clean) => {
    expect(cleanFilename(name)).toBe(clean);
  });
});
