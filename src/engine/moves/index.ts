/**
 * The engine's own moves by type: the one place an engine move's type becomes its behaviour. Each module holds one
 * move whole: who may make it, its payload's checks, its notation, the payloads worth offering, and its effect.
 */
import { autoPass } from './autoPass.js';
import { delay } from './delay.js';
import { endTurn } from './endTurn.js';
import type { EngineMoveModel } from './engineMove.js';
import { initiative } from './initiative.js';
import { leave } from './leave.js';
import { pass } from './pass.js';
import { transition } from './transition.js';
import { undo } from './undo.js';

export type { EngineMoveModel } from './engineMove.js';
export { undoRefusal } from './undo.js';

/** The engine's own move types, valid in every game (docs/contract.md; leave, auto-pass and undo are plystack's additions). */
export const ENGINE_MOVES = [
  'engine.pass',
  'engine.end-turn',
  'engine.transition',
  'engine.initiative',
  'engine.delay',
  'engine.leave',
  'engine.auto-pass',
  'engine.undo',
] as const;

const MODELS: ReadonlyMap<string, EngineMoveModel> = new Map(
  [pass, endTurn, transition, initiative, delay, leave, autoPass, undo].map((model) => [model.type, model]),
);

/**
 * The engine move of type `type`, or undefined for any other type.
 *
 * @example
 * engineMove('engine.pass')?.notation({ type: 'engine.pass' }) // 'pass'
 */
export function engineMove(type: string): EngineMoveModel | undefined {
  return MODELS.get(type);
}
