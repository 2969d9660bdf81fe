/**
 * skirmish's squads: strength, supplies, the orders committed in planning and
 * the stance they become once the fight begins, reaction tokens and dodging.
 */

/** An order for the coming fight: `assault` strikes hard, `hold` keeps two reactions ready. */
export type Stance = 'assault' | 'hold';
export const STANCES: readonly Stance[] = ['assault', 'hold'];

/** One seat's squad. */
export interface Squad {
  readonly hp: number;
  /** Rallies left. */
  readonly supplies: number;
  /** Orders committed in this planning, secret until the fight begins. */
  readonly orders: Stance | null;
  /** The stance of the current fight (the orders, once revealed). */
  readonly stance: Stance | null;
  /** Reaction tokens: each pays for one dodge. */
  readonly reactions: number;
  /** A dodge is up: the next strike against this squad misses. */
  readonly dodging: boolean;
}

/** skirmish's pieces: every squad, and whether the orders of the last planning are revealed yet. */
export interface SkirmishState {
  readonly squads: Readonly<Record<string, Squad>>;
  /** `planning` from the first order committed; `combat` from the first combat move, which reveals the orders. */
  readonly stage: 'planning' | 'combat';
  readonly maxHp: number;
  /** Orders given in turns before this one have been revealed: their plies are public. */
  readonly revealedBefore: number;
}

/**
 * A fresh squad at full strength, without orders.
 *
 * @example
 * newSquad(6, 2) // { hp: 6, supplies: 2, orders: null, stance: null, reactions: 0, dodging: false }
 */
export function newSquad(hp: number, supplies: number): Squad {
  return { hp, supplies, orders: null, stance: null, reactions: 0, dodging: false };
}

/**
 * The state once the fight has begun: the orders committed in planning become
 * each squad's stance (hold: two reactions, assault: one). Unchanged when they
 * are revealed already.
 *
 * @example
 * revealed(state).squads['seat:a'].stance // 'assault' after seat:a committed assault
 */
export function revealed(state: SkirmishState): SkirmishState {
  if (state.stage === 'combat') return state;
  const squads: Record<string, Squad> = {};
  for (const [seat, squad] of Object.entries(state.squads)) {
    squads[seat] =
      squad.orders === null
        ? squad
        : { ...squad, stance: squad.orders, orders: null, reactions: squad.orders === 'hold' ? 2 : 1, dodging: false };
  }
  return { ...state, squads, stage: 'combat' };
}

/**
 * Damage a strike by `attacker` deals to a squad not dodging: 2 in assault, 1 otherwise.
 *
 * @example
 * strikeDamage({ ...newSquad(6, 2), stance: 'assault' }) // 2
 */
export function strikeDamage(attacker: Squad): number {
  return attacker.stance === 'assault' ? 2 : 1;
}

/**
 * The state with `seat`'s squad changed; unchanged for a seat without a squad.
 *
 * @example
 * updateSquad(state, 'seat:a', (s) => ({ ...s, hp: s.hp - 1 }))
 */
export function updateSquad(state: SkirmishState, seat: string, change: (squad: Squad) => Squad): SkirmishState {
  const squad = state.squads[seat];
  return squad === undefined ? state : { ...state, squads: { ...state.squads, [seat]: change(squad) } };
}
