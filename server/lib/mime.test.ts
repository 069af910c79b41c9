import { describe, expect, it } from 'vitest';
import { previewKind } from '@shared/preview-kind';
import { mimeFromFilename, resolveMimeType, staticFileType } from './mime';

// The answers the server's own table gave before it used the mime-types registry: unchanged.
const before: Record<string, string> = {
  txt: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
  html: 'text/html',
  htm: 'text/html',
  xhtml: 'application/xhtml+xml',
  xml: 'application/xml',
  svg: 'image/svg+xml',
  js: 'text/javascript',
  mjs: 'text/javascript',
  css: 'text/css',
  pdf: 'application/pdf',
  zip: 'application/zip',
  gz: 'application/gzip',
  tar: 'application/x-tar',
  '7z': 'application/x-7z-compressed',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  bmp: 'image/bmp',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mkv: 'video/x-matroska',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

describe('mimeFromFilename', () => {
  it.each(Object.entries(before))('keeps .%s as %s', (extension, type) => {
    expect(mimeFromFilename(`Report.${extension.toUpperCase()}`)).toBe(type);
  });

  it('names what the registry knows beyond that table', () => {
    expect(mimeFromFilename('photo.tiff')).toBe('image/tiff');
    expect(mimeFromFilename('book.epub')).toBe('application/epub+zip');
  });

  it('keeps source code previewing as code (the registry calls .ts an MPEG transport stream)', () => {
    for (const name of ['app.ts', 'view.tsx', 'main.rs', 'tool.py', 'query.sql', 'page.php', 'lib.c', 'run.sh'])
      expect(previewKind(mimeFromFilename(name), name), name).toBe('code');
  });

  it('answers the generic type for a name that says nothing', () => {
    for (const name of ['README', '.bashrc', 'data.unknownext', 'x.constructor', 'x.__proto__', 'trailing.'])
      expect(mimeFromFilename(name)).toBe('application/octet-stream');
  });
});

describe('resolveMimeType', () => {
  it('makes Markdown names text/markdown whatever was declared', () => {
    expect(resolveMimeType('notes.md', 'text/plain')).toBe('text/markdown');
  });

  it('keeps a declared type, lower-cased, and guesses from the name when it is missing, generic or malformed', () => {
    expect(resolveMimeType('a.bin', ' Image/PNG ')).toBe('image/png');
    expect(resolveMimeType('a.png', undefined)).toBe('image/png');
    expect(resolveMimeType('a.png', 'application/octet-stream')).toBe('image/png');
    expect(resolveMimeType('a.png', 'not a type')).toBe('image/png');
  });
});

describe('staticFileType', () => {
  // The answers the static middleware's own table gave before it used the mime-types registry.
  const before: Record<string, string> = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript; charset=utf-8',
    '.mjs': 'text/javascript; charset=utf-8',
    '.css': 'text/css; charset=utf-8',
    '.json': 'application/json; charset=utf-8',
    '.map': 'application/json; charset=utf-8',
    '.webmanifest': 'application/manifest+json; charset=utf-8',
    '.txt': 'text/plain; charset=utf-8',
    '.xml': 'application/xml; charset=utf-8',
    '.svg': 'image/svg+xml',
    '.png': 'image/png',
    '.jpg': 'image/jpeg',
    '.jpeg': 'image/jpeg',
    '.gif': 'image/gif',
    '.webp': 'image/webp',
    '.avif': 'image/avif',
    '.ico': 'image/x-icon',
    '.woff': 'font/woff',
    '.woff2': 'font/woff2',
    '.ttf': 'font/ttf',
    '.wasm': 'application/wasm',
  };

  it.each(Object.entries(before))('keeps %s as %s', (extension, type) => {
    expect(staticFileType(extension)).toBe(type);
    expect(staticFileType(extension.toUpperCase())).toBe(type);
  });

  it('answers the generic type for a file without a known extension', () => {
    expect(staticFileType('')).toBe('application/octet-stream');
    expect(staticFileType('.unknownext')).toBe('application/octet-stream');
  });
});
