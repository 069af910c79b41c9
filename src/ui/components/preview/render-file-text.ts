// Code and plain text to highlighted, escaped HTML for the file preview, by file extension.
import { highlightCode } from '@shared/markdown/highlight';
import { fileExtension } from '@shared/mimetype';

const byExtension: Record<string, string> = {
  js: 'javascript', mjs: 'javascript', cjs: 'javascript', jsx: 'javascript', ts: 'typescript', tsx: 'typescript',
  py: 'python', json: 'json', css: 'css', html: 'xml', htm: 'xml', xml: 'xml', sh: 'bash', bash: 'bash',
  yml: 'yaml', yaml: 'yaml', go: 'go', rs: 'rust', java: 'java', c: 'c', h: 'c', cpp: 'cpp', hpp: 'cpp', cc: 'cpp',
  sql: 'sql', ini: 'ini', toml: 'ini', diff: 'diff', patch: 'diff', php: 'php', rb: 'ruby', kt: 'kotlin', swift: 'swift', cs: 'csharp',
};

/** Highlighted HTML for code (by extension), escaped plain text otherwise. */
export function highlightFileText(text: string, filename: string): string {
  return highlightCode(text, byExtension[fileExtension(filename)] ?? 'plaintext');
}
