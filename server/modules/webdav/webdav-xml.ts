// WebDAV request bodies as namespace-resolved element trees, and the few writers the answers need.
// fast-xml-parser checks well-formedness and splits the document; namespaces are resolved here
// (it keeps prefixes as written), since WebDAV names every element by namespace + local name.
// Document type declarations are refused outright: no entity expansion, no external fetches.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ErrorCode } from '@shared/errors';
import { AppError } from '@server/lib/app-error';

export const DAV = 'DAV:';

/** How deep elements may nest in a request body; WebDAV's own bodies need fewer than ten levels. */
export const MAX_XML_DEPTH = 64;

export type XmlElement = { ns: string; name: string; attrs: Record<string, string>; children: XmlNode[] };
export type XmlNode = XmlElement | { text: string };

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  processEntities: false,
  htmlEntities: false,
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  cdataPropName: '#cdata',
  maxNestedTags: MAX_XML_DEPTH,
});

const namedEntities: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const xmlNamespace = 'http://www.w3.org/XML/1998/namespace';

/** Parses a request body; a document that is not well-formed or misuses namespaces is a 400. */
export function parseXml(text: string): XmlElement {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw badXml('document type declarations are not accepted');
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw badXml(valid.err.msg);
  let parsed: unknown;
  try {
    parsed = parser.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/nested/i.test(message)) throw badXml(`elements are nested deeper than ${MAX_XML_DEPTH} levels`);
    throw badXml(message);
  }
  const nodes = asArray(parsed);
  const roots = nodes
    .map((node) => toNode(node, new Map([['xml', xmlNamespace]]), ''))
    .filter((node): node is XmlElement => 'name' in node);
  const [root] = roots;
  if (root === undefined || roots.length > 1) throw badXml('the body must hold one root element');
  return root;
}

export function children(element: XmlElement, ns?: string, name?: string): XmlElement[] {
  return element.children.filter(
    (child): child is XmlElement =>
      'name' in child && (ns === undefined || child.ns === ns) && (name === undefined || child.name === name),
  );
}

export function child(element: XmlElement, ns: string, name: string): XmlElement | undefined {
  return children(element, ns, name)[0];
}

export function textOf(element: XmlElement): string {
  return element.children.map((node) => ('text' in node ? node.text : textOf(node))).join('');
}

/** The element's content as self-contained XML: every element declares its own namespace. */
export function innerXml(element: XmlElement): string {
  return element.children.map(nodeXml).join('');
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));
}

/** `<name xmlns="ns">inner</name>` with a prefix of its own for a namespace, `xmlns=""` for none. */
export function propertyXml(ns: string, name: string, inner: string | null): string {
  const open = ns === '' ? `<${name} xmlns=""` : `<x:${name} xmlns:x="${escapeXml(ns)}"`;
  const close = ns === '' ? `</${name}>` : `</x:${name}>`;
  return inner === null || inner === '' ? `${open}/>` : `${open}>${inner}${close}`;
}

function nodeXml(node: XmlNode): string {
  if ('text' in node) return escapeXml(node.text);
  const attrs = Object.entries(node.attrs)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join('');
  const inner = node.children.map(nodeXml).join('');
  return `<${node.name} xmlns="${escapeXml(node.ns)}"${attrs}${inner === '' ? '/>' : `>${inner}</${node.name}>`}`;
}

type Raw = Record<string, unknown>;

function toNode(raw: Raw, scope: Map<string, string>, defaultNs: string): XmlNode {
  if ('#text' in raw) return { text: decodeEntities(String(raw['#text'])) };
  if ('#cdata' in raw)
    return {
      text: asArray(raw['#cdata'])
        .map((part) => String(part['#text'] ?? ''))
        .join(''),
    };
  const tag = Object.keys(raw).find((key) => key !== ':@');
  if (tag === undefined) return { text: '' };
  const attributes = isRecord(raw[':@']) ? raw[':@'] : {};
  const inner = new Map(scope);
  let ns = defaultNs;
  const attrs: Record<string, string> = {};
  for (const [key, value] of Object.entries(attributes)) {
    const text = decodeEntities(String(value));
    if (key === 'xmlns') ns = text;
    else if (key.startsWith('xmlns:')) {
      if (text === '') throw badXml(`the namespace prefix ${key.slice(6)} is declared empty`);
      inner.set(key.slice(6), text);
    } else if (!key.includes(':')) attrs[key] = text;
  }
  const colon = tag.indexOf(':');
  let name = tag;
  if (colon !== -1) {
    const prefix = tag.slice(0, colon);
    const bound = inner.get(prefix);
    if (bound === undefined) throw badXml(`the namespace prefix ${prefix} is not declared`);
    ns = bound;
    name = tag.slice(colon + 1);
  }
  const defaultInside = 'xmlns' in attributes ? decodeEntities(String(attributes['xmlns'])) : defaultNs;
  const kids = asArray(raw[tag]).map((node) => toNode(node, inner, defaultInside));
  return { ns, name, attrs, children: kids };
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);/g, (whole, entity: string) => {
    if (entity.startsWith('#')) {
      const code = entity[1] === 'x' ? Number.parseInt(entity.slice(2), 16) : Number.parseInt(entity.slice(1), 10);
      if (!Number.isFinite(code) || code > 0x10ffff) throw badXml(`invalid character reference ${whole}`);
      return String.fromCodePoint(code);
    }
    const named = namedEntities[entity];
    if (named === undefined) throw badXml(`unknown entity ${whole}`);
    return named;
  });
}

function asArray(value: unknown): Raw[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

function isRecord(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function badXml(message: string): AppError {
  return new AppError(ErrorCode.BadRequest, `the XML body is invalid: ${message}`);
}
