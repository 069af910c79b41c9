// The WebDAV `If` header (RFC 4918 §10.4): lists of state tokens and entity tags, untagged (about
// the request URI) or tagged with a resource. The header holds when any list holds; a list holds
// when all its conditions do. Every lock token it names counts as submitted, whatever the
// outcome (§10.4.1), which is how a client proves it owns the locks on what it changes.

export type IfCondition = { not: boolean; token: string } | { not: boolean; etag: string };
/** `resource`: the tagged URL as sent, or null for the request URI. */
export type IfList = { resource: string | null; conditions: IfCondition[] };

/** What a condition is checked against: the resource's current ETag and the tokens of the locks on it. */
export type ResourceState = { etag: string | null; tokens: ReadonlySet<string> };

export class IfHeaderError extends Error {}

export function parseIfHeader(header: string): IfList[] {
  const lists: IfList[] = [];
  let resource: string | null = null;
  let tagged = false;
  let i = 0;
  const skipSpace = () => {
    while (i < header.length && /\s/.test(header[i] ?? '')) i += 1;
  };
  const until = (close: string) => {
    const end = header.indexOf(close, i + 1);
    if (end === -1) throw new IfHeaderError(`unclosed ${header[i] ?? ''}`);
    const value = header.slice(i + 1, end);
    i = end + 1;
    return value;
  };
  for (skipSpace(); i < header.length; skipSpace()) {
    const c = header[i];
    if (c === '<') {
      if (lists.length > 0 && !tagged) throw new IfHeaderError('tagged and untagged lists cannot be mixed');
      resource = until('>').trim();
      tagged = true;
      continue;
    }
    if (c !== '(') throw new IfHeaderError(`unexpected ${c ?? ''}`);
    if (tagged && resource === null) throw new IfHeaderError('a list without its resource');
    i += 1;
    const conditions: IfCondition[] = [];
    for (skipSpace(); header[i] !== ')'; skipSpace()) {
      if (i >= header.length) throw new IfHeaderError('unclosed list');
      let not = false;
      if (/^not\b/i.test(header.slice(i, i + 4)) && /\s|<|\[/.test(header[i + 3] ?? ' ')) {
        not = true;
        i += 3;
        skipSpace();
      }
      if (header[i] === '<') conditions.push({ not, token: until('>').trim() });
      else if (header[i] === '[') conditions.push({ not, etag: until(']').trim() });
      else throw new IfHeaderError(`unexpected ${header[i] ?? ''} in a list`);
    }
    i += 1;
    if (conditions.length === 0) throw new IfHeaderError('an empty list');
    lists.push({ resource: tagged ? resource : null, conditions });
  }
  if (lists.length === 0) throw new IfHeaderError('no list');
  return lists;
}

/** The header holds when one of its lists holds for its resource. */
export function ifHolds(lists: readonly IfList[], stateOf: (resource: string | null) => ResourceState): boolean {
  return lists.some((list) => {
    const state = stateOf(list.resource);
    return list.conditions.every((condition) => {
      const met =
        'token' in condition
          ? state.tokens.has(condition.token)
          : state.etag !== null && sameEtag(state.etag, condition.etag);
      return met !== condition.not;
    });
  });
}

/** Every lock token the header names (outside `Not`). */
export function submittedTokens(lists: readonly IfList[]): Set<string> {
  return new Set(
    lists.flatMap((list) =>
      list.conditions.flatMap((condition) => ('token' in condition && !condition.not ? [condition.token] : [])),
    ),
  );
}

function sameEtag(current: string, wanted: string): boolean {
  const bare = (etag: string) => etag.replace(/^W\//, '').replace(/^"+|"+$/g, '');
  return bare(current) === bare(wanted);
}
