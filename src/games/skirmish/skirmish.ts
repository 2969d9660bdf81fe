/**
 * skirmish: squads plan together, then fight by initiative.
 * Planning is simultaneous: every squad commits its orders once and ends its
 * turn. `fight` (declared planning → combat) opens the combat phase, ordered
 * by `engine.initiative` scores, where the squad to act makes two moves
 * (strike, rally) or delays with `engine.delay`; any squad may dodge out of
 * turn, and the application's timer ends a turn with a seatless
 * `engine.end-turn`. The referee (the application) may call `regroup` back to
 * planning. A squad at 0 strength is eliminated; the last one standing wins.
 */

import { z } from 'zod';
import { idSchema } from '../../core/move.js';
import { defineGame } from '../../definition/defineGame.js';
import type { GameRefusal, GameStructure, SeatMoveSpec } from '../../definition/game.js';
import type { SeatingView } from '../../definition/records.js';
import {
  newSquad,
  revealed,
  type SkirmishState,
  type Squad,
  STANCES,
  type Stance,
  strikeDamage,
  updateSquad,
} from './squads.js';

export const skirmishOptionsSchema = z
  .object({
    /** Each squad's strength at the start. */
    hp: z.number().int().min(1).max(30).default(6),
    /** Rallies per squad for the whole game. */
    supplies: z.number().int().min(0).max(10).default(2),
  })
  .strict();

export type SkirmishOptions = z.output<typeof skirmishOptionsSchema>;

type Move<S> = SeatMoveSpec<SkirmishState, SkirmishOptions, S>;

const refuse = (reason: string, message: string): GameRefusal => ({ reason, message });
/** Only the combat phase has a seat whose turn it is; planning is simultaneous. */
const inCombat = (seating: SeatingView) => seating.activeSeat !== null;
const notInCombat = refuse(
  'NOT_IN_COMBAT',
  'squads strike, rally and dodge in combat, after the orders are in (fight)',
);
const alive = (state: SkirmishState, seat: string) => (state.squads[seat]?.hp ?? 0) > 0;

const stancePayload = z.object({ stance: z.enum(STANCES) }).strict();
const commit: Move<typeof stancePayload> = {
  payload: stancePayload,
  // Orders are secret until the fight: other squads see that they were given, not which.
  secret: ['stance'],
  check({ game: state, seat, seating }) {
    if (inCombat(seating)) return refuse('NOT_PLANNING', 'orders are committed in planning: the fight is on');
    return state.squads[seat]?.orders != null
      ? refuse('ALREADY_COMMITTED', `${seat} has committed its orders for this fight`)
      : null;
  },
  play: ({ game: state, seat, payload: { stance } }) => ({
    game: { ...updateSquad(state, seat, (s) => ({ ...s, orders: stance })), stage: 'planning' },
  }),
  // The move table is public: it shows only that orders were given.
  notation: () => 'orders',
  candidates: () => STANCES.map((stance) => ({ stance })),
};

const targetPayload = z.object({ target: idSchema }).strict();
const strike: Move<typeof targetPayload> = {
  payload: targetPayload,
  check({ game: state, seat, payload: { target }, seating }) {
    if (!inCombat(seating)) return notInCombat;
    if (target === seat) return refuse('NOT_YOURSELF', 'a squad does not strike itself');
    if (!Object.hasOwn(state.squads, target)) return refuse('NOT_A_SQUAD', `${target} is not at the table`);
    if (!alive(state, target) || seating.out.includes(target))
      return refuse('ALREADY_OUT', `${target} is out of the fight`);
    return null;
  },
  play({ game: before, seat, payload: { target } }) {
    const state = revealed(before);
    const victim = state.squads[target] as Squad;
    const damage = victim.dodging ? 0 : strikeDamage(state.squads[seat] as Squad);
    const after = updateSquad(state, target, (s) => ({ ...s, hp: Math.max(0, s.hp - damage), dodging: false }));
    return { game: after, ...(alive(after, target) ? {} : { eliminate: [target] }) };
  },
  notation: ({ payload: { target } }) => `strike ${target}`,
  candidates: ({ game: state, seat, seating }) =>
    Object.keys(state.squads)
      .filter((target) => target !== seat && alive(state, target) && !seating.out.includes(target))
      .map((target) => ({ target })),
};

const rally: Move<undefined> = {
  check({ game: state, seat, seating }) {
    if (!inCombat(seating)) return notInCombat;
    const squad = state.squads[seat] as Squad;
    if (squad.supplies === 0) return refuse('NO_SUPPLIES', `${seat} has no supplies left to rally`);
    return squad.hp >= state.maxHp ? refuse('FULL_STRENGTH', `${seat} is at full strength`) : null;
  },
  play: ({ game: state, seat }) => ({
    game: updateSquad(revealed(state), seat, (s) => ({ ...s, hp: s.hp + 1, supplies: s.supplies - 1 })),
  }),
  notation: () => 'rally',
};

/** The reaction: any squad, at any time in combat (declared out of turn), spends a token so the next strike against it misses. */
const dodge: Move<undefined> = {
  check({ game: before, seat, seating }) {
    if (!inCombat(seating)) return notInCombat;
    const squad = revealed(before).squads[seat] as Squad;
    if (squad.dodging) return refuse('ALREADY_DODGING', `${seat} is dodging already`);
    return squad.reactions === 0 ? refuse('NO_REACTIONS', `${seat} has no reaction left`) : null;
  },
  play: ({ game: state, seat }) => ({
    game: updateSquad(revealed(state), seat, (s) => ({ ...s, reactions: s.reactions - 1, dodging: true })),
  }),
  notation: () => 'dodge',
};

const STRUCTURE: GameStructure = {
  phases: [
    { name: 'planning', turns: { strategy: 'Simultaneous' }, moves: ['commit'] },
    // Entering combat reveals every squad's committed orders.
    {
      name: 'combat',
      turns: { strategy: 'Initiative', movesPerTurn: 2, outOfTurn: ['dodge'] },
      moves: ['strike', 'rally', 'dodge'],
      onEnter: 'revealOrders',
    },
  ],
  transitions: [
    { name: 'fight', from: 'planning', to: 'combat' },
    { name: 'regroup', from: 'combat', to: 'planning' },
  ],
};

/**
 * The game `skirmish`, version 1.
 *
 * @example
 * const table = createTable(skirmish, { table: 'table:field', seats: ['seat:a', 'seat:b', 'seat:c'], seed: 1 })
 * table.play({ type: 'commit', seat: 'seat:a', payload: { stance: 'assault' } })
 */
export const skirmish = defineGame({
  id: 'skirmish',
  version: '1',
  title: 'skirmish: simultaneous orders, then combat by initiative',
  seats: { min: 2, max: 6 },
  options: skirmishOptionsSchema,
  structure: STRUCTURE,
  // A squad fights on until it is eliminated; it does not leave.
  leaving: false,
  setup: ({ seats, options }): SkirmishState => ({
    squads: Object.fromEntries(seats.map((seat) => [seat, newSquad(options.hp, options.supplies)])),
    stage: 'planning',
    maxHp: options.hp,
    revealedBefore: 0,
  }),
  moves: { commit, strike, rally, dodge },
  // In planning a squad ends its turn once its orders are in; in combat whenever it likes. The referee (the
  // application, seat null) may end a turn or close the planning round at any time.
  mayEndTurn({ game: state, seat, seating }) {
    if (seat === null || inCombat(seating) || state.squads[seat]?.orders != null) return null;
    return refuse('ORDERS_REQUIRED', `${seat} commits its orders before its planning turn ends`);
  },
  mayTransition({ game: state, seat, transition }) {
    if (transition === 'regroup')
      return seat === null
        ? null
        : refuse('REFEREE_ONLY', 'only the referee (the application, without a seat) calls a regroup');
    const waiting = Object.keys(state.squads).filter((s) => alive(state, s) && state.squads[s]?.orders == null);
    return waiting.length === 0
      ? null
      : refuse(
          'ORDERS_PENDING',
          `the fight begins once every squad has its orders in; waiting for ${waiting.join(', ')}`,
        );
  },
  routines: {
    // Orders given before this turn are public from now on (their plies show the stance).
    revealOrders: ({ game: state, seating }) => ({ game: { ...revealed(state), revealedBefore: seating.turn } }),
  },
  revealed: ({ game: state, ply }) => ply.turn < state.revealedBefore,
  endIf: ({ remaining }) => remaining.length <= 1,
  seatView({ game: state, seat }) {
    const squad = state.squads[seat] as Squad;
    return {
      hp: squad.hp,
      supplies: squad.supplies,
      committed: squad.orders !== null,
      orders: squad.orders as Stance | null,
      stance: squad.stance,
      reactions: squad.reactions,
      dodging: squad.dodging,
    };
  },
  // Other squads see that orders are in, not which.
  hiddenSeatView: ({ view }) => {
    const { orders: _secret, ...shown } = view;
    return shown;
  },
  bots: {
    // What a squad may not see, drawn again: the orders the other squads committed and have not shown yet.
    determinize: ({ game: state, seat, random }) => {
      let drawn = state;
      for (const [other, squad] of Object.entries(state.squads)) {
        if (other === seat || squad.orders === null) continue;
        drawn = updateSquad(drawn, other, (s) => ({
          ...s,
          orders: STANCES[random.int(0, STANCES.length - 1)] as Stance,
        }));
      }
      return drawn;
    },
  },
  // What a squad keeps from the others: the orders it committed (the other stance could have been chosen).
  hidden: {
    vary: ({ game: state, seat }) =>
      seat === null
        ? state
        : updateSquad(state, seat, (s) =>
            s.orders === null ? s : { ...s, orders: s.orders === 'assault' ? 'hold' : 'assault' },
          ),
  },
  checks: {
    invariants: {
      'strength-within-bounds': ({ game: state }) =>
        Object.entries(state.squads).every(([, s]) => s.hp >= 0 && s.hp <= state.maxHp) ||
        'a squad is below 0 or above full strength',
      // A squad leaves the fight only by falling to 0: out means 0, and 0 means out.
      'out-exactly-at-0': ({ game: state, seating }) =>
        Object.entries(state.squads).every(([seat, s]) => (s.hp === 0) === seating.out.includes(seat)) ||
        `out: ${seating.out.join(', ') || 'none'}, strength ${JSON.stringify(Object.fromEntries(Object.entries(state.squads).map(([seat, s]) => [seat, s.hp])))}`,
    },
  },
});
