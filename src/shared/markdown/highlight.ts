// highlight.js with the languages Clipdock highlights: Markdown code blocks (rendered by the server
// for paste pages, by the browser in the editor preview) and file previews. The HTML it returns is escaped.
import hljs from 'highlight.js/lib/core';
import { fileExtension } from '@shared/mimetype';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import ini from 'highlight.js/lib/languages/ini';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import kotlin from 'highlight.js/lib/languages/kotlin';
import php from 'highlight.js/lib/languages/php';
import plaintext from 'highlight.js/lib/languages/plaintext';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import rust from 'highlight.js/lib/languages/rust';
import sql from 'highlight.js/lib/languages/sql';
import swift from 'highlight.js/lib/languages/swift';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';

const languages = {
  bash,
  c,
  cpp,
  csharp,
  css,
  diff,
  go,
  ini,
  java,
  javascript,
  json,
  kotlin,
  php,
  plaintext,
  python,
  ruby,
  rust,
  sql,
  swift,
  typescript,
  xml,
  yaml,
};
for (const [name, definition] of Object.entries(languages)) hljs.registerLanguage(name, definition);

/** Highlighted, escaped HTML; an unknown language is treated as plain text. */
export function highlightCode(code: string, language: string): string {
  return hljs.highlight(code, { language: hljs.getLanguage(language) ? language : 'plaintext' }).value;
}

const byExtension: Record<string, string> = {
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  py: 'python',
  json: 'json',
  css: 'css',
  html: 'xml',
  htm: 'xml',
  xml: 'xml',
  sh: 'bash',
  bash: 'bash',
  yml: 'yaml',
  yaml: 'yaml',
  go: 'go',
  rs: 'rust',
  java: 'java',
  c: 'c',
  h: 'c',
  cpp: 'cpp',
  hpp: 'cpp',
  cc: 'cpp',
  sql: 'sql',
  ini: 'ini',
  toml: 'ini',
  diff: 'diff',
  patch: 'diff',
  php: 'php',
  rb: 'ruby',
  kt: 'kotlin',
  swift: 'swift',
  cs: 'csharp',
};

/** A file's text as highlighted HTML (language by extension), escaped plain text otherwise. */
export function highlightFileText(text: string, filename: string): string {
  return highlightCode(text, byExtension[fileExtension(filename)] ?? 'plaintext');
}
