import { describe, expect, it } from 'vitest';
import { contentAllowed, nameAllowed } from './file-request-types';

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2]);
const exe = Buffer.from('MZ\u0090\u0000');
const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0]);

describe('file request types', () => {
  it('checks names by extension and by the MIME type the name implies', () => {
    expect(nameAllowed(null, 'anything.exe')).toBe(true);
    expect(nameAllowed(['.pdf'], 'Paper.PDF')).toBe(true);
    expect(nameAllowed(['image/*'], 'photo.jpeg')).toBe(true);
    expect(nameAllowed(['image/*'], 'photo.exe')).toBe(false);
    expect(nameAllowed(['text/csv'], 'data.csv')).toBe(true);
  });

  it('checks content by its first bytes', () => {
    expect(contentAllowed(['image/*'], 'photo.png', png)).toBe(true);
    expect(contentAllowed(['image/*'], 'photo.png', exe)).toBe(false);
    expect(contentAllowed(['image/*', '.pdf'], 'photo.jpg', Buffer.from('%PDF-1.7'))).toBe(false);
    expect(contentAllowed(['.pdf'], 'paper.pdf', Buffer.from('plain text'))).toBe(false);
    expect(contentAllowed(['.txt'], 'notes.txt', Buffer.from('plain text'))).toBe(true);
    expect(contentAllowed(['.txt'], 'notes.txt', exe)).toBe(false);
    expect(contentAllowed(['.docx'], 'report.docx', zip)).toBe(true);
    expect(contentAllowed(['.docx'], 'report.docx', png)).toBe(false);
    expect(contentAllowed(null, 'anything.png', exe)).toBe(true);
  });
});
