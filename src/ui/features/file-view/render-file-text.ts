// Text and code to safe HTML for the file preview, loaded lazily with its libraries. highlight.js
// escapes what it returns; rendered Markdown always passes DOMPurify before it reaches the page.
import DOMPurify from 'dompurify';
import hljs from 'highlight.js/lib/core';
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
import { marked } from 'marked';
import { fileExtension } from './preview-kind';

const languages = { bash, c, cpp, csharp, css, diff, go, ini, java, javascript, json, kotlin, php, plaintext, python, ruby, rust, sql, swift, typescript, xml, yaml };
for (const [name, definition] of Object.entries(languages)) hljs.registerLanguage(name, definition);

const byExtension: Record<string, string> = {
  js: 'javascript', mjs: 'javascript', cjs: 'javascript', jsx: 'javascript', ts: 'typescript', tsx: 'typescript',
  py: 'python', json: 'json', css: 'css', html: 'xml', htm: 'xml', xml: 'xml', sh: 'bash', bash: 'bash',
  yml: 'yaml', yaml: 'yaml', go: 'go', rs: 'rust', java: 'java', c: 'c', h: 'c', cpp: 'cpp', hpp: 'cpp', cc: 'cpp',
  sql: 'sql', ini: 'ini', toml: 'ini', diff: 'diff', patch: 'diff', php: 'php', rb: 'ruby', kt: 'kotlin', swift: 'swift', cs: 'csharp',
};

const purifier = DOMPurify(window);
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.hasAttribute('href')) node.setAttribute('rel', 'noopener noreferrer');
});

/** Highlighted HTML for code (by extension), escaped plain text otherwise. */
export function highlightFileText(text: string, filename: string): string {
  const language = byExtension[fileExtension(filename)] ?? 'plaintext';
  return hljs.highlight(text, { language }).value;
}

export function renderMarkdownSafe(text: string): string {
  return purifier.sanitize(marked.parse(text, { async: false, gfm: true }));
}
