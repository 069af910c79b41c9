import { describe, expect, it } from 'vitest';
import { uploadMimetype } from './upload-mimetype';

describe('uploadMimetype', () => {
  it.each(['md', 'markdown', 'mdown', 'mkd', 'mdwn', 'mdtxt', 'mdtext', 'rmd', 'MD', 'Rmd'])('sends .%s as text/markdown', (ext) => {
    expect(uploadMimetype(`notes.${ext}`, 'text/plain')).toBe('text/markdown');
    expect(uploadMimetype(`notes.${ext}`, '')).toBe('text/markdown');
  });

  it('keeps the browser type for other names', () => {
    expect(uploadMimetype('photo.png', 'image/png')).toBe('image/png');
    expect(uploadMimetype('md', 'text/plain')).toBe('text/plain');
    expect(uploadMimetype('.md', 'text/plain')).toBe('text/plain');
  });

  it('falls back to application/octet-stream without a browser type', () => {
    expect(uploadMimetype('archive.xyz', '')).toBe('application/octet-stream');
    expect(uploadMimetype('README', ' ')).toBe('application/octet-stream');
  });
});
