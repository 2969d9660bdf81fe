/**
 * Reading a game's structure (its game phases, their turn rules and the
 * transitions between them) into the normalised form the statechart is built
 * from and the context keeps.
 */

import type { Direction } from '../order/seatOrder.js';
import { readTurnRules, type TurnRules } from '../progression/rules.js';
import { strategyOf } from '../progression/strategies/index.js';
import type { AnyGame, FlowOutcome, GameStructure, PhaseDefinition, WindowDefinition } from './game.js';

/** A game phase, its turn rules read. */
export interface PhasePlan {
  readonly name: string;
  readonly rules: TurnRules;
  /** The phases of each turn, with priority windows; empty for a game without them. */
  readonly turnPhases: readonly PhaseDefinition[];
  /** The game's own moves this phase allows; null: all of them. */
  readonly moves: readonly string[] | null;
  /** The routines run on entering and on leaving this game phase, if any. */
  readonly onEnter?: string;
  readonly onLeave?: string;
  /** The routines run as each turn of this game phase starts and ends, and after each game move made in it, if any. */
  readonly onTurnStart?: string;
  readonly onTurnEnd?: string;
  readonly onMove?: string;
  /** The game's order that names who acts first and next in this game phase (PerRound). */
  readonly order?: string;
  /** The response windows a move may open within a seat's turn. */
  readonly windows?: readonly WindowDefinition[];
  /** The condition that ends this game phase after a move, and the declared transition it then takes. */
  readonly endIf?: { readonly when: string; readonly transition: string };
  /** The game's condition that ends a turn after a move. */
  readonly turnEndIf?: string;
  /** What the moves this phase allows may ask of the turn's course in their outcome (absent: nothing). */
  readonly outcomes?: readonly FlowOutcome[];
}

/**
 * The conditions plystack knows without a game declaring them. `round-over`: every seat has had its turn in this
 * round (asked as a turn ends, before the next one starts), or a simultaneous round is over.
 */
export const BUILT_IN_CONDITIONS: readonly string[] = ['round-over'];

/** A game's structure, read and checked. Plain JSON: the context keeps it. */
export interface StructurePlan {
  readonly phases: readonly PhasePlan[];
  readonly transitions: readonly { readonly name: string; readonly from: string; readonly to: string }[];
  /** Whether turns run through phases with priority windows (and the stack). */
  readonly priority: boolean;
  readonly direction: Direction;
  readonly firstSeat: string | null;
  readonly owner: string | null;
}

/** The routines a game phase may name, run as it begins and ends, as each of its turns starts and ends, and after each move. */
const HOOKS = ['onEnter', 'onLeave', 'onTurnStart', 'onTurnEnd', 'onMove'] as const;

const NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
/** Names the chart gives its own states, and names every object inherits: a phase may not take them. */
const RESERVED = new Set([
  'opening',
  'invalid',
  'playing',
  'over',
  'turn',
  'priority',
  'stack',
  'inTurn',
  'acting',
  'done',
  'round',
  'open',
  'held',
  'empty',
  'holding',
  ...Object.getOwnPropertyNames(Object.prototype),
]);

/** What a structure may name besides its own phases. */
export interface KnownNames {
  readonly routines: readonly string[];
  /** The game's own conditions (the built-in ones are known anyway). */
  readonly conditions?: readonly string[];
  /** The game's own turn orders. */
  readonly orders?: readonly string[];
  readonly moves: readonly string[];
  readonly sorceryPhase: string | null;
}

type Problem = { readonly path: string; readonly message: string };

function phaseNameProblem(name: unknown, what: string): string | null {
  if (typeof name !== 'string' || !NAME.test(name))
    return `a ${what} name starts with a letter, then letters, digits, "_" or "-", 64 characters at most`;
  if (RESERVED.has(name))
    return `${name} is a name the statechart uses for its own states: choose another ${what} name`;
  return null;
}

/** The first of `types` (at `path`) that is not one of the game's moves, as a problem, or null. */
function unknownMove(types: readonly unknown[], known: KnownNames, path: string): Problem | null {
  const i = types.findIndex((type) => !known.moves.includes(type as string));
  if (i < 0) return null;
  return {
    path: `${path}.${i}`,
    message: `no move ${JSON.stringify(types[i])?.slice(0, 80)}: the game's moves are ${known.moves.join(', ') || 'none'}`,
  };
}

/** Why a game phase's response windows are wrong, or null. */
function windowsProblem(
  phase: GameStructure['phases'][number],
  shape: string,
  priority: boolean,
  known: KnownNames,
  at: string,
): Problem | null {
  if (phase.windows === undefined) return null;
  if (!Array.isArray(phase.windows))
    return { path: `${at}.windows`, message: 'is a list of { name, who, moves, movesPerSeat? }' };
  if (shape !== 'turns' || priority)
    return {
      path: `${at}.windows`,
      message: 'a window opens in a turn seat by seat, without priority phases',
    };
  const names = new Set<string>();
  for (const [i, window] of phase.windows.entries()) {
    const where = `${at}.windows.${i}`;
    const bad = phaseNameProblem(window?.name, 'window');
    if (bad !== null) return { path: `${where}.name`, message: bad };
    if (names.has(window.name)) return { path: `${where}.name`, message: `${window.name} is declared twice` };
    names.add(window.name);
    if (!['others', 'all', 'active'].includes(window.who))
      return { path: `${where}.who`, message: 'is "others", "all" or "active"' };
    if (!Array.isArray(window.moves) || window.moves.length === 0)
      return { path: `${where}.moves`, message: "is a list of the game's moves" };
    const unknown = unknownMove(window.moves, known, `${where}.moves`);
    if (unknown !== null) return unknown;
    const limit = window.movesPerSeat;
    if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > 1000))
      return { path: `${where}.movesPerSeat`, message: 'is a whole number from 1 to 1000' };
  }
  return null;
}

function routineProblem(name: unknown, known: KnownNames): string | null {
  if (name === undefined) return null;
  if (typeof name !== 'string' || !known.routines.includes(name))
    return `no routine ${JSON.stringify(name)?.slice(0, 80)}: the game's routines are ${known.routines.join(', ') || 'none'}`;
  return null;
}

function conditionProblem(name: unknown, known: KnownNames, builtIn: boolean): string | null {
  const own = known.conditions ?? [];
  if (typeof name === 'string' && (own.includes(name) || (builtIn && BUILT_IN_CONDITIONS.includes(name)))) return null;
  const names = [...own, ...(builtIn ? BUILT_IN_CONDITIONS : [])];
  return `no condition ${JSON.stringify(name)?.slice(0, 80)}: the conditions are ${names.join(', ') || 'none'}`;
}

/** Why a game phase's end conditions are wrong, or null (their transitions are checked once every transition is read). */
function endProblem(
  phase: GameStructure['phases'][number],
  shape: string,
  priority: boolean,
  known: KnownNames,
  at: string,
): Problem | null {
  if (phase.endIf !== undefined) {
    const end = phase.endIf as { when?: unknown; transition?: unknown };
    if (typeof end !== 'object' || end === null || typeof end.transition !== 'string')
      return { path: `${at}.endIf`, message: 'is { when: a condition, transition: a transition out of this phase }' };
    const missing = conditionProblem(end.when, known, true);
    if (missing !== null) return { path: `${at}.endIf.when`, message: missing };
    if (end.when === 'round-over' && shape === 'open')
      return { path: `${at}.endIf.when`, message: 'a Free phase has no turns and no rounds: it is never round-over' };
  }
  if (phase.turnEndIf !== undefined) {
    const missing = conditionProblem(phase.turnEndIf, known, false);
    if (missing !== null) return { path: `${at}.turnEndIf`, message: missing };
    if (shape !== 'turns')
      return {
        path: `${at}.turnEndIf`,
        message: "only a phase of turns seat by seat ends a seat's turn by a condition",
      };
  }
  if (priority && (phase.endIf !== undefined || phase.turnEndIf !== undefined))
    return {
      path: `${at}.${phase.endIf !== undefined ? 'endIf' : 'turnEndIf'}`,
      message: 'a turn with priority phases ends when every seat passes in a row: it has no end conditions',
    };
  return null;
}

/**
 * Why a game's structure is wrong, or null: names (unique, not the chart's
 * own), turn rules, turn phases, the routines and moves it names, the
 * sorcery phase, transitions between known phases. `path` is relative to the
 * structure (`phases.0.onEnter`). The one check for a game's own structure
 * (at `defineGame`) and one read from a table's options (sandbox).
 *
 * @example
 * structureProblem({ phases: [{ name: 'done', turns: { strategy: 'PerRound' } }] }, known)
 * // { path: 'phases.0.name', message: 'done is a name the statechart uses ...' }
 */
export function structureProblem(structure: GameStructure, known: KnownNames): Problem | null {
  if (typeof structure !== 'object' || structure === null || !Array.isArray(structure.phases))
    return { path: 'phases', message: 'a structure is { phases: [...], transitions?: [...] }' };
  if (structure.phases.length === 0) return { path: 'phases', message: 'a game has at least one game phase' };
  const names = new Set<string>();
  const turnPhaseNames = new Set<string>();
  let priority = 0;
  for (const [i, phase] of structure.phases.entries()) {
    const at = `phases.${i}`;
    const bad = phaseNameProblem(phase?.name, 'game phase');
    if (bad !== null) return { path: `${at}.name`, message: bad };
    if (names.has(phase.name)) return { path: `${at}.name`, message: `${phase.name} is declared twice` };
    names.add(phase.name);
    const read = readTurnRules(phase.turns);
    if (!read.ok) return { path: `${at}.turns${read.path ? `.${read.path}` : ''}`, message: read.message };
    for (const key of HOOKS) {
      const missing = routineProblem(phase[key], known);
      if (missing !== null) return { path: `${at}.${key}`, message: missing };
    }
    for (const key of ['onTurnStart', 'onTurnEnd'] as const)
      if (phase[key] !== undefined && strategyOf(read.rules).shape === 'open')
        return { path: `${at}.${key}`, message: 'a Free phase has no turns' };
    if (phase.moves !== undefined) {
      if (!Array.isArray(phase.moves)) return { path: `${at}.moves`, message: "is a list of the game's move types" };
      const unknown = unknownMove(phase.moves, known, `${at}.moves`);
      if (unknown !== null) return unknown;
    }
    const turnPhases = phase.turnPhases ?? [];
    if (!Array.isArray(turnPhases)) return { path: `${at}.turnPhases`, message: 'is a list of { name, onEnter? }' };
    const inThisPhase = new Set<string>();
    for (const [j, turnPhase] of turnPhases.entries()) {
      const where = `${at}.turnPhases.${j}`;
      const badName = phaseNameProblem(turnPhase?.name, 'turn phase');
      if (badName !== null) return { path: `${where}.name`, message: badName };
      if (inThisPhase.has(turnPhase.name))
        return { path: `${where}.name`, message: `${turnPhase.name} is declared twice in this turn` };
      inThisPhase.add(turnPhase.name);
      turnPhaseNames.add(turnPhase.name);
      const missing = routineProblem(turnPhase.onEnter, known);
      if (missing !== null) return { path: `${where}.onEnter`, message: missing };
    }
    if (turnPhases.length > 0) {
      priority++;
      if (strategyOf(read.rules).shape !== 'turns') {
        return {
          path: `${at}.turns.strategy`,
          message: `turns with priority phases pass from seat to seat: ${read.rules.strategy} has no single active seat`,
        };
      }
      if (read.rules.minMovesPerTurn !== undefined) {
        return {
          path: `${at}.turns.minMovesPerTurn`,
          message:
            'a turn with priority phases ends when every seat passes in a row, never by engine.end-turn: it has no minimum',
        };
      }
    }
    const ends = endProblem(phase, strategyOf(read.rules).shape, turnPhases.length > 0, known, at);
    if (ends !== null) return ends;
    const windows = windowsProblem(phase, strategyOf(read.rules).shape, turnPhases.length > 0, known, at);
    if (windows !== null) return windows;
    if (phase.order !== undefined) {
      const orders = known.orders ?? [];
      if (typeof phase.order !== 'string' || !orders.includes(phase.order))
        return {
          path: `${at}.order`,
          message: `no order ${JSON.stringify(phase.order)?.slice(0, 80)}: the game's orders are ${orders.join(', ') || 'none'}`,
        };
      if (read.rules.strategy !== 'PerRound')
        return {
          path: `${at}.order`,
          message: `only a PerRound phase takes the game's order, not ${read.rules.strategy}`,
        };
    }
  }
  if (priority > 0 && priority < structure.phases.length)
    return { path: 'phases', message: 'either every game phase runs its turns through priority phases, or none does' };
  if (known.sorceryPhase !== null && !turnPhaseNames.has(known.sorceryPhase)) {
    return {
      path: 'phases',
      message: `the game's sorceryPhase ${known.sorceryPhase} is not among the turn phases (${[...turnPhaseNames].join(', ') || 'none'})`,
    };
  }
  const transitions = structure.transitions ?? [];
  if (!Array.isArray(transitions)) return { path: 'transitions', message: 'is a list of { name, from, to }' };
  const seen = new Set<string>();
  for (const [i, t] of transitions.entries()) {
    if (typeof t?.name !== 'string' || !NAME.test(t.name))
      return {
        path: `transitions.${i}.name`,
        message: 'a transition name starts with a letter, then letters, digits, "_" or "-"',
      };
    if (!names.has(t.from))
      return { path: `transitions.${i}.from`, message: `no game phase ${JSON.stringify(t.from)?.slice(0, 80)}` };
    if (!names.has(t.to))
      return { path: `transitions.${i}.to`, message: `no game phase ${JSON.stringify(t.to)?.slice(0, 80)}` };
    if (seen.has(`${t.from}/${t.name}`))
      return { path: `transitions.${i}.name`, message: `${t.from} declares ${t.name} twice` };
    seen.add(`${t.from}/${t.name}`);
  }
  for (const [i, phase] of structure.phases.entries()) {
    const named = phase.endIf?.transition;
    if (named !== undefined && !seen.has(`${phase.name}/${named}`)) {
      const out = transitions.filter((t) => t.from === phase.name).map((t) => t.name);
      return {
        path: `phases.${i}.endIf.transition`,
        message: `no transition ${JSON.stringify(named).slice(0, 80)} out of ${phase.name}: its transitions are ${out.join(', ') || 'none'}`,
      };
    }
  }
  if (structure.direction !== undefined && structure.direction !== 1 && structure.direction !== -1)
    return { path: 'direction', message: 'is 1 or -1' };
  return null;
}

/**
 * Plans of the structures a game gives as the same object every time (a constant), by structure and game: worked out
 * once and shared by every table of that game, as the plan is never changed.
 */
const plans = new WeakMap<object, WeakMap<AnyGame, { ok: true; plan: StructurePlan } | ({ ok: false } & Problem)>>();

/**
 * Reads `game`'s structure for `options` and `seats`. A problem names the
 * place in the options it comes from (`options.phases.N...`), as a game like
 * `sandbox`, whose options are the structure, lays them out.
 *
 * @example
 * readStructure(mundane, options, ['seat:ann', 'seat:bob']) // { ok: true, plan: { phases: [{ name: 'main', ... }], priority: true, ... } }
 */
export function readStructure(
  game: AnyGame,
  options: unknown,
  seats: readonly string[],
): { ok: true; plan: StructurePlan } | ({ ok: false } & Problem) {
  const structure = game.structure(options);
  const cacheable = typeof structure === 'object' && structure !== null;
  let planned = cacheable ? plans.get(structure)?.get(game) : undefined;
  if (planned === undefined) {
    planned = planOf(game, structure);
    if (cacheable) {
      const byGame = plans.get(structure) ?? new WeakMap();
      byGame.set(game, planned);
      plans.set(structure, byGame);
    }
  }
  if (!planned.ok) return planned;
  for (const key of ['firstSeat', 'owner'] as const) {
    const seat = structure[key];
    if (seat !== undefined && !seats.includes(seat))
      return { ok: false, path: key, message: `${seat} is not at the table` };
  }
  return planned;
}

/** The plan of `structure` for `game`, or what is wrong with it. */
function planOf(
  game: AnyGame,
  structure: ReturnType<AnyGame['structure']>,
): { ok: true; plan: StructurePlan } | ({ ok: false } & Problem) {
  const problem = structureProblem(structure, {
    routines: Object.keys(game.routines),
    conditions: Object.keys(game.conditions),
    orders: Object.keys(game.orders),
    moves: Object.keys(game.moves),
    sorceryPhase: game.sorceryPhase,
  });
  if (problem !== null) return { ok: false, ...problem };
  const phases: PhasePlan[] = structure.phases.map((phase) => ({
    name: phase.name,
    rules: (readTurnRules(phase.turns) as { ok: true; rules: TurnRules }).rules,
    turnPhases: (phase.turnPhases ?? []).map((t) => ({
      name: t.name,
      ...(t.onEnter !== undefined ? { onEnter: t.onEnter } : {}),
    })),
    moves: phase.moves === undefined ? null : [...phase.moves],
    ...Object.fromEntries(HOOKS.flatMap((key) => (phase[key] === undefined ? [] : [[key, phase[key]]]))),
    ...(phase.endIf !== undefined ? { endIf: { when: phase.endIf.when, transition: phase.endIf.transition } } : {}),
    ...(phase.turnEndIf !== undefined ? { turnEndIf: phase.turnEndIf } : {}),
    ...(phase.order !== undefined ? { order: phase.order } : {}),
    ...(phase.windows !== undefined && phase.windows.length > 0
      ? {
          windows: phase.windows.map((w) => ({
            name: w.name,
            who: w.who,
            moves: [...w.moves],
            ...(w.movesPerSeat !== undefined ? { movesPerSeat: w.movesPerSeat } : {}),
          })),
        }
      : {}),
    ...outcomesOf(game, phase.moves),
  }));
  return {
    ok: true,
    plan: {
      phases,
      transitions: (structure.transitions ?? []).map((t) => ({ name: t.name, from: t.from, to: t.to })),
      priority: phases.some((phase) => phase.turnPhases.length > 0),
      direction: structure.direction ?? 1,
      firstSeat: structure.firstSeat ?? null,
      owner: structure.owner ?? null,
    },
  };
}

/** What the moves a phase allows may ask of the turn's course, when any may ask something. */
function outcomesOf(game: AnyGame, allowed: readonly string[] | undefined): { outcomes?: FlowOutcome[] } {
  // Naming the next seat changes no state of the chart: only ending the turn and taking a transition are drawn.
  const asked = new Set<FlowOutcome>();
  for (const [type, move] of Object.entries(game.moves))
    if (allowed === undefined || allowed.includes(type)) for (const outcome of move.outcomes ?? []) asked.add(outcome);
  return asked.size === 0 ? {} : { outcomes: (['endTurn', 'transition'] as const).filter((o) => asked.has(o)) };
}

/**
 * The response window `name` that game phase `gamePhase` declares, if it does.
 *
 * @example
 * windowPlan(plan, 'main', 'militia')?.movesPerSeat // 2
 */
export function windowPlan(plan: StructurePlan, gamePhase: string, name: string): WindowDefinition | undefined {
  return phasePlan(plan, gamePhase).windows?.find((w) => w.name === name);
}

/**
 * The plan of the game phase named `name`.
 *
 * @example
 * phasePlan(plan, 'main').rules.strategy // 'PerRound'
 */
export function phasePlan(plan: StructurePlan, name: string): PhasePlan {
  return plan.phases.find((phase) => phase.name === name) ?? (plan.phases[0] as PhasePlan);
}
