/**
 * `migrate-rules --write` as an edit of the file's text: `"strategy":
 * "PerRound"` is inserted into each rules object that lacks one, in the
 * object's own formatting, and every other character stays as it was (every
 * member, `"__proto__"` included, compact or indented).
 */

/** A rules object without a strategy: where its `{` is, and how its first member is written. */
interface Spot {
  readonly open: number;
  /** The offset of its first key, null for an empty object. */
  firstKey: number | null;
  /** What lies between the first key and its value (`: `, `:`). */
  colon: string;
  hasStrategy: boolean;
}

interface Frame {
  readonly object: boolean;
  /** In an object: whether the next string is a key. */
  expectKey: boolean;
  key: string | null;
  readonly spot: Spot | null;
}

/** The offset just past the string that starts at `start` (a `"`). */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
  return i + 1;
}

/**
 * The rules objects of a JSON text that declare no strategy: the value of any
 * `"turns"` member, and the whole document when `wholeIsRules` (the rule of
 * `migrateRulesDocument`). Walks the text without recursion; `text` must be
 * valid JSON.
 */
function spotsWithoutStrategy(text: string, wholeIsRules: boolean): Spot[] {
  const found: Spot[] = [];
  const stack: Frame[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const top = stack[stack.length - 1];
    if (c === '"') {
      const end = stringEnd(text, i);
      if (top?.object && top.expectKey) {
        top.key = JSON.parse(text.slice(i, end)) as string;
        top.expectKey = false;
        if (top.spot !== null) {
          if (top.spot.firstKey === null) {
            let value = text.indexOf(':', end) + 1;
            while (/\s/.test(text[value] ?? '')) value++;
            top.spot.firstKey = i;
            top.spot.colon = text.slice(end, value);
          }
          if (top.key === 'strategy') top.spot.hasStrategy = true;
        }
      }
      i = end;
      continue;
    }
    if (c === '{' || c === '[') {
      const isRules = top === undefined ? wholeIsRules : top.object && top.key === 'turns';
      const spot = c === '{' && isRules ? { open: i, firstKey: null, colon: ': ', hasStrategy: false } : null;
      stack.push({ object: c === '{', expectKey: c === '{', key: null, spot });
    } else if (c === '}' || c === ']') {
      const frame = stack.pop();
      if (frame?.spot && !frame.spot.hasStrategy) found.push(frame.spot);
    } else if (c === ',' && top?.object) {
      top.expectKey = true;
    }
    i++;
  }
  return found.sort((a, b) => a.open - b.open);
}

/**
 * The text with `"strategy": "PerRound"` added first to every rules object
 * that declares no strategy, written the way the object writes its first
 * member; and how many objects were changed.
 *
 * @example
 * migrateRulesText('{"turns":{"movesPerTurn":2}}', false) // { text: '{"turns":{"strategy":"PerRound","movesPerTurn":2}}', changed: 1 }
 */
export function migrateRulesText(text: string, wholeIsRules: boolean): { text: string; changed: number } {
  const spots = spotsWithoutStrategy(text, wholeIsRules);
  let out = text;
  for (const spot of [...spots].reverse()) {
    const at = spot.firstKey ?? spot.open + 1;
    const insert =
      spot.firstKey === null
        ? '"strategy": "PerRound"'
        : `"strategy"${spot.colon}"PerRound",${text.slice(spot.open + 1, spot.firstKey)}`;
    out = out.slice(0, at) + insert + out.slice(at);
  }
  return { text: out, changed: spots.length };
}
