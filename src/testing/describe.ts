/**
 * Readable names for generated paths: `seat:ann passes → seat:bob casts Coffee → …`,
 * the verbs taken from each move's notation.
 */
import type { IllegalMoveCode } from '../core/errors.js';
import type { Move } from '../core/move.js';
import type { AnyGame } from '../definition/game.js';
import { readPayload } from '../engine/gate.js';

/**
 * A move's notation, as near as the game tells it: the game's `notation` for
 * its own moves, `pass` for a pass, the type for any other engine move or for
 * a payload the move's schema does not read. (A recorded ply carries the
 * engine's own notation: prefer it when there is one.)
 *
 * @example
 * notationOf(mundane, { type: 'CastInstant', seat: 'seat:bob', payload: { card: 'Coffee' } }) // 'cast Coffee'
 */
export function notationOf(game: AnyGame, move: Move): string {
  if (move.type === 'engine.pass') return 'pass';
  const definition = Object.hasOwn(game.moves, move.type) ? game.moves[move.type] : undefined;
  if (definition === undefined) return move.type;
  const read = readPayload(definition, move);
  if (!read.ok) return move.type;
  try {
    return definition.notation({ payload: read.payload, options: undefined });
  } catch {
    return move.type;
  }
}

const IRREGULAR: Readonly<Record<string, string>> = { be: 'is', have: 'has', do: 'does', go: 'goes' };

/**
 * A notation with its first word as a verb for one seat: `pass` → `passes`,
 * `play Toaster` → `plays Toaster`, `end turn` → `ends turn`,
 * `auto-pass until end of turn` → `auto-passes until end of turn`; a verb
 * already in that form (`leaves`) stays. Null when the notation does not start
 * with a plain word (`→ combat`, `e2-e4`, `engine.end-turn`).
 *
 * @example
 * thirdPerson('cast Coffee') // 'casts Coffee'
 */
export function thirdPerson(notation: string): string | null {
  const space = notation.indexOf(' ');
  const verb = space < 0 ? notation : notation.slice(0, space);
  const rest = space < 0 ? '' : notation.slice(space);
  if (!/^[a-z]+(?:-[a-z]+)*$/.test(verb)) return null;
  if (Object.hasOwn(IRREGULAR, verb)) return `${IRREGULAR[verb]}${rest}`;
  if (/[^s]s$/.test(verb)) return notation;
  if (/(s|x|z|ch|sh)$/.test(verb)) return `${verb}es${rest}`;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ies${rest}`;
  return `${verb}s${rest}`;
}

/**
 * One step of a path in words: `seat:bob casts Coffee`, `the table passes`,
 * `seat:ann: → combat`, `seat:bob passes (refused: NO_PRIORITY)`. `notation`
 * is the ply's own, when the table recorded one; otherwise it is read from
 * the game (`notationOf`).
 *
 * @example
 * describeMove(mundane, { type: 'engine.pass', seat: 'seat:ann' }, null) // 'seat:ann passes'
 */
export function describeMove(
  game: AnyGame,
  move: Move,
  refused: IllegalMoveCode | null,
  notation: string = notationOf(game, move),
): string {
  const who = move.seat ?? 'the table';
  const verb = thirdPerson(notation);
  return `${verb === null ? `${who}: ${notation}` : `${who} ${verb}`}${refused === null ? '' : ` (refused: ${refused})`}`;
}

/** A step as `describePath` reads it: the move, its words, its refusal, and where the table stands after it. */
export interface DescribedStep {
  readonly move: Move;
  readonly text: string;
  readonly refused: IllegalMoveCode | null;
  readonly after: string;
}

/**
 * A path in words, its steps joined by arrows. Three or more accepted passes
 * in a row read as one step that says where they lead (`6 passes to turn 2
 * PLAN`), so that a path through several phases stays readable; where the
 * path ends closes it (`⇒ turn 2 PLAN`).
 *
 * @example
 * describePath([{ move: { type: 'engine.pass', seat: 'seat:ann' }, text: 'seat:ann passes', refused: null, after: 'turn 1 RESET' }], 'turn 1 RESET')
 * // 'seat:ann passes ⇒ turn 1 RESET'
 */
export function describePath(steps: readonly DescribedStep[], opening: string): string {
  const parts: string[] = [];
  for (let i = 0; i < steps.length; ) {
    const isPass = (j: number) => steps[j]?.move.type === 'engine.pass' && steps[j]?.refused === null;
    let j = i;
    while (isPass(j)) j++;
    if (j - i >= 3) {
      parts.push(`${j - i} passes to ${(steps[j - 1] as DescribedStep).after}`);
      i = j;
    } else {
      parts.push((steps[i] as { text: string }).text);
      i++;
    }
  }
  const end = steps[steps.length - 1]?.after ?? opening;
  return `${parts.length === 0 ? 'the opening' : parts.join(' → ')} ⇒ ${end}`;
}
