import { describe, expect, it } from 'vitest';
import { fileExtension, isMarkdownName, uploadMimetype } from './mimetype';

describe('uploadMimetype', () => {
  it.each(['md', 'markdown', 'mdown', 'mkd', 'mdwn', 'mdtxt', 'mdtext', 'rmd', 'MD', 'Rmd'])(
    'sends .%s as text/markdown',
    (ext) => {
      expect(uploadMimetype(`notes.${ext}`, 'text/plain')).toBe('text/markdown');
      expect(uploadMimetype(`notes.${ext}`, '')).toBe('text/markdown');
      expect(uploadMimetype(`notes.${ext}`, undefined)).toBe('text/markdown');
    },
  );

  it('keeps the reported type for other names', () => {
    expect(uploadMimetype('photo.png', 'image/png')).toBe('image/png');
    expect(uploadMimetype('md', 'text/plain')).toBe('text/plain');
    expect(uploadMimetype('.md', 'text/plain')).toBe('text/plain');
  });

  it('falls back to application/octet-stream without a reported type', () => {
    expect(uploadMimetype('archive.xyz', '')).toBe('application/octet-stream');
    expect(uploadMimetype('README', ' ')).toBe('application/octet-stream');
    expect(uploadMimetype('README', undefined)).toBe('application/octet-stream');
  });
});

describe('fileExtension', () => {
  it('takes the last extension, ignoring leading dots', () => {
    expect(fileExtension('a.tar.gz')).toBe('gz');
    expect(fileExtension('.bashrc')).toBe('');
    expect(fileExtension('README')).toBe('');
  });

  it('tells Markdown names by extension only', () => {
    expect(isMarkdownName('Notes.Markdown')).toBe(true);
    expect(isMarkdownName('.md')).toBe(false);
  });
});
