/**
 * Reading a game's structure (its game phases, their turn rules and the
 * transitions between them) into the normalised form the statechart is built
 * from and the context keeps.
 */
import type { AnyGame, PhaseDefinition } from '../core/game.js';
import type { Direction } from '../order/seatOrder.js';
import { readTurnRules, type TurnRules } from './rules.js';

/** A game phase, its turn rules read. */
export interface PhasePlan {
  readonly name: string;
  readonly rules: TurnRules;
  /** The phases of each turn, with priority windows; empty for a game without them. */
  readonly turnPhases: readonly PhaseDefinition[];
  /** The game routine run on entering this game phase, if any. */
  readonly housekeeping?: string;
}

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

const NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/**
 * Reads `game`'s structure for `options` and `seats`. A problem names the
 * place in the options it comes from (`options.phases.N...`), as a game like
 * `sandbox`, whose options are the structure, lays them out.
 *
 * @example
 * readStructure(mundane, options, ['seat:ann', 'seat:bob']) // { ok: true, plan: { phases: [{ name: 'main', ... }], priority: true, ... } }
 */
export function readStructure(game: AnyGame, options: unknown, seats: readonly string[]): { ok: true; plan: StructurePlan } | { ok: false; path: string; message: string } {
  const structure = game.structure(options);
  if (structure.phases.length === 0) return { ok: false, path: 'phases', message: 'a game has at least one game phase' };
  const phases: PhasePlan[] = [];
  const names = new Set<string>();
  for (const [i, phase] of structure.phases.entries()) {
    if (!NAME.test(phase.name)) return { ok: false, path: `phases.${i}.name`, message: 'a game phase name starts with a letter, then letters, digits, "_" or "-", 64 characters at most' };
    if (names.has(phase.name)) return { ok: false, path: `phases.${i}.name`, message: `${phase.name} is declared twice` };
    names.add(phase.name);
    const read = readTurnRules(phase.turns);
    if (!read.ok) return { ok: false, path: `phases.${i}.turns${read.path ? `.${read.path}` : ''}`, message: read.message };
    const turnPhases = phase.turnPhases ?? [];
    if (turnPhases.length > 0 && !['PerRound', 'Circular', 'Initiative'].includes(read.rules.strategy)) {
      return { ok: false, path: `phases.${i}.turns.strategy`, message: `turns with priority phases pass from seat to seat: ${read.rules.strategy} has no single active seat` };
    }
    phases.push({ name: phase.name, rules: read.rules, turnPhases, ...(phase.housekeeping !== undefined ? { housekeeping: phase.housekeeping } : {}) });
  }
  const priority = phases.some((phase) => phase.turnPhases.length > 0);
  if (priority && phases.some((phase) => phase.turnPhases.length === 0)) {
    return { ok: false, path: 'phases', message: 'either every game phase runs its turns through priority phases, or none does' };
  }
  const transitions = structure.transitions.map((t) => ({ name: t.name, from: t.from, to: t.to }));
  const seen = new Set<string>();
  for (const [i, t] of transitions.entries()) {
    if (!NAME.test(t.name)) return { ok: false, path: `transitions.${i}.name`, message: 'a transition name starts with a letter, then letters, digits, "_" or "-"' };
    if (!names.has(t.from)) return { ok: false, path: `transitions.${i}.from`, message: `no game phase ${t.from}` };
    if (!names.has(t.to)) return { ok: false, path: `transitions.${i}.to`, message: `no game phase ${t.to}` };
    if (seen.has(`${t.from}/${t.name}`)) return { ok: false, path: `transitions.${i}.name`, message: `${t.from} declares ${t.name} twice` };
    seen.add(`${t.from}/${t.name}`);
  }
  for (const key of ['firstSeat', 'owner'] as const) {
    const seat = structure[key];
    if (seat !== undefined && !seats.includes(seat)) return { ok: false, path: key, message: `${seat} is not at the table` };
  }
  return {
    ok: true,
    plan: {
      phases,
      transitions,
      priority,
      direction: structure.direction ?? 1,
      firstSeat: structure.firstSeat ?? null,
      owner: structure.owner ?? null,
    },
  };
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
