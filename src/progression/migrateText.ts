/**
 * The revision a migration gives rules content, written into the file's own
 * text: `"revision": N` is added last to each rules object named by its path,
 * in the object's own formatting, and every other character stays as it was.
 */

/** What the walk meets in a JSON text, in order: an object or array opening or closing, a member's key, a comma. */
type Token =
  | { readonly kind: 'open' | 'close'; readonly at: number; readonly object: boolean }
  | { readonly kind: 'key'; readonly at: number; readonly end: number; readonly name: string }
  | { readonly kind: 'comma'; readonly at: number };

/** The structural tokens of a valid JSON text, strings skipped whole; a string is a key when it comes before a colon. */
function* tokens(text: string): Generator<Token> {
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      end++;
      let after = end;
      while (/\s/.test(text[after] ?? '')) after++;
      if (text[after] === ':') yield { kind: 'key', at: i, end, name: JSON.parse(text.slice(i, end)) as string };
      i = end - 1;
    } else if (c === '{' || c === '[') yield { kind: 'open', at: i, object: c === '{' };
    else if (c === '}' || c === ']') yield { kind: 'close', at: i, object: c === '}' };
    else if (c === ',') yield { kind: 'comma', at: i };
  }
}

/** An object or array being read: its path, and for a target how its members are written. */
interface Frame {
  readonly path: string;
  readonly object: boolean;
  /** The current member's key (objects) or element index (arrays). */
  step: string;
  index: number;
  /** The revision to add, when this object is one of the targets. */
  readonly revision: number | null;
  /** What lies between `{` and the first key, and between a key and its value (null before the first key). */
  indent: string | null;
  colon: string;
}

/** The path of a value opened inside `parent`, as migrateRulesDocument names it (`(the whole file)` for the document). */
function childPath(parent: Frame | undefined): string {
  if (parent === undefined) return '(the whole file)';
  const step = parent.object ? parent.step : String(parent.index);
  return parent.path === '(the whole file)' ? step : `${parent.path}.${step}`;
}

/**
 * The text with `"revision": N` added as the last member of each object whose
 * path `revisions` names (with its N), written the way the object writes its
 * members; and how many objects were changed. `text` must be valid JSON.
 *
 * @example
 * addRevisionText('{"turns":{"strategy":"PerRound"}}', new Map([['turns', 2]]))
 * // { text: '{"turns":{"strategy":"PerRound","revision":2}}', changed: 1 }
 */
export function addRevisionText(
  text: string,
  revisions: ReadonlyMap<string, number>,
): { text: string; changed: number } {
  const inserts: { at: number; insert: string }[] = [];
  const open: Frame[] = [];
  for (const token of tokens(text)) {
    const top = open[open.length - 1];
    if (token.kind === 'key' && top !== undefined) {
      top.step = token.name;
      if (top.revision !== null && top.indent === null) {
        let value = text.indexOf(':', token.end) + 1;
        while (/\s/.test(text[value] ?? '')) value++;
        top.indent = text.slice(text.lastIndexOf('{', token.at) + 1, token.at);
        top.colon = text.slice(token.end, value);
      }
    } else if (token.kind === 'comma' && top !== undefined && !top.object) top.index++;
    else if (token.kind === 'open') {
      const path = childPath(top);
      open.push({
        path,
        object: token.object,
        step: '',
        index: 0,
        revision: token.object ? (revisions.get(path) ?? null) : null,
        indent: null,
        colon: ': ',
      });
    } else if (token.kind === 'close') {
      const frame = open.pop();
      if (frame?.revision == null) continue;
      let last = token.at - 1;
      while (last > 0 && /\s/.test(text[last] as string)) last--;
      const member = `"revision"${frame.colon}${frame.revision}`;
      inserts.push({ at: last + 1, insert: frame.indent === null ? member : `,${frame.indent}${member}` });
    }
  }
  let out = text;
  for (const { at, insert } of inserts.sort((a, b) => b.at - a.at)) out = out.slice(0, at) + insert + out.slice(at);
  return { text: out, changed: inserts.length };
}
