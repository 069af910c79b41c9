import { describe, expect, it } from 'vitest';
import { hasTextPreview, previewKinds, previewKind } from '@shared/preview-kind';

describe('previewKind', () => {
  it('reads the mimetype first', () => {
    expect(previewKind('image/png', 'x.bin')).toBe('image');
    expect(previewKind('video/mp4', 'clip')).toBe('video');
    expect(previewKind('audio/mpeg', 'song')).toBe('audio');
    expect(previewKind('application/pdf', 'doc')).toBe('pdf');
    expect(previewKind('text/markdown; charset=utf-8', 'notes')).toBe('markdown');
    expect(previewKind('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'a')).toBe('office');
    expect(previewKind('text/plain', 'a')).toBe('text');
    expect(previewKind('application/json', 'a')).toBe('text');
  });

  it('falls back to the extension for octet-stream uploads', () => {
    const octet = 'application/octet-stream';
    expect(previewKind(octet, 'photo.JPG')).toBe('image');
    expect(previewKind(octet, 'talk.webm')).toBe('video');
    expect(previewKind(octet, 'a.flac')).toBe('audio');
    expect(previewKind(octet, 'paper.pdf')).toBe('pdf');
    expect(previewKind(octet, 'README.Rmd')).toBe('markdown');
    expect(previewKind(octet, 'sheet.xlsx')).toBe('office');
    expect(previewKind(octet, 'deck.pptx')).toBe('office');
    expect(previewKind(octet, 'main.rs')).toBe('code');
    expect(previewKind('text/plain', 'app.ts')).toBe('code');
    expect(previewKind(octet, 'server.log')).toBe('text');
    expect(previewKind(octet, 'archive.zip')).toBe('none');
    expect(previewKind(octet, 'noext')).toBe('none');
  });
});

describe('hasTextPreview', () => {
  it('is the kinds the server renders as text, and only those', () => {
    expect(previewKinds.filter(hasTextPreview)).toEqual(['markdown', 'code', 'text']);
  });
});
