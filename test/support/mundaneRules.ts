/**
 * An independent reference of mundane's turn rules (turn structure, priority
 * and the stack), written from the rules alone. It imports nothing from
 * src/: the model-based tests compare the real table against it after every
 * move, so a table that drifts from the rules fails even where the table
 * machine agrees with itself.
 *
 * Where those rules are silent, the reference follows plystack's documented
 * additions and says so:
 * - the game ends when turn `turns` ends (mundane.ts, option `turns`): then
 *   nobody holds priority, the pass counter is 0, and the winners are the
 *   seats with the most cards on their boards;
 * - Wake Up housekeeping (Time refreshes, draw a card) runs when the WAKE_UP
 *   phase begins. Running it at the end of the previous turn would be only a
 *   stopgap, not the rule: the phase is the intended place; this includes the
 *   first seat's first turn.
 */

export type CardType = 'PERSON' | 'APPLIANCE' | 'HABIT' | 'TASK' | 'INSTANT';

export interface RuleCard {
  readonly name: string;
  readonly type: CardType;
  readonly time: number;
}

/** What opens a game, in the reference's own terms (decks used in order, top first). */
export interface RulesSetup {
  readonly seats: readonly string[];
  readonly decks: Readonly<Record<string, readonly RuleCard[]>>;
  readonly openingHand: number;
  readonly startingTime: number;
  readonly turns: number;
}

export const PHASES = ['RESET', 'WAKE_UP', 'PLAN', 'DO_STUFF', 'WIND_DOWN'] as const;
export type Phase = (typeof PHASES)[number];

/** Sorcery speed: PlayCard. */
const SORCERY_TYPES: readonly CardType[] = ['PERSON', 'APPLIANCE', 'HABIT', 'TASK'];
/** Resolved permanents go to the board; one-shots (TASK, INSTANT) to the discard. */
const PERMANENT_TYPES: readonly CardType[] = ['PERSON', 'APPLIANCE', 'HABIT'];

export interface SeatPieces {
  readonly time: number;
  readonly hand: readonly string[];
  /** Top first. */
  readonly deck: readonly string[];
  readonly board: readonly string[];
  readonly discard: readonly string[];
}

export interface RuleStackItem {
  readonly id: number;
  readonly seat: string;
  readonly card: string;
  readonly type: CardType;
}

export interface RulesState {
  readonly setup: RulesSetup;
  readonly cards: Readonly<Record<string, RuleCard>>;
  readonly status: 'playing' | 'over';
  readonly turn: number;
  readonly phase: Phase;
  readonly activeSeat: string;
  readonly prioritySeat: string | null;
  readonly passes: number;
  /** Bottom first, top last. */
  readonly stack: readonly RuleStackItem[];
  readonly nextStackId: number;
  readonly pieces: Readonly<Record<string, SeatPieces>>;
  readonly winners: readonly string[];
}

/** A move as the reference reads it. */
export interface RuleMove {
  readonly type: string;
  readonly seat?: string;
  readonly payload?: unknown;
}

const next = (seats: readonly string[], seat: string): string =>
  seats[(seats.indexOf(seat) + 1) % seats.length] as string;

function withPieces(s: RulesState, seat: string, change: (p: SeatPieces) => SeatPieces): RulesState {
  return { ...s, pieces: { ...s.pieces, [seat]: change(s.pieces[seat] as SeatPieces) } };
}

function draw(p: SeatPieces, count: number): SeatPieces {
  const n = Math.min(count, p.deck.length);
  return { ...p, hand: [...p.hand, ...p.deck.slice(0, n)], deck: p.deck.slice(n) };
}

/** The game before any move: the first seat is active and holds priority, in RESET of turn 1. */
export function openRules(setup: RulesSetup): RulesState {
  const cards: Record<string, RuleCard> = {};
  const pieces: Record<string, SeatPieces> = {};
  for (const seat of setup.seats) {
    const deck = setup.decks[seat] ?? [];
    for (const card of deck) cards[card.name] = card;
    pieces[seat] = draw(
      { time: setup.startingTime, hand: [], deck: deck.map((c) => c.name), board: [], discard: [] },
      setup.openingHand,
    );
  }
  const first = setup.seats[0] as string;
  return {
    setup,
    cards,
    status: 'playing',
    turn: 1,
    phase: 'RESET',
    activeSeat: first,
    prioritySeat: first,
    passes: 0,
    stack: [],
    nextStackId: 1,
    pieces,
    winners: [],
  };
}

/** Why `move` is not allowed now, or null when it is. */
export function ruleRefusal(s: RulesState, move: RuleMove): string | null {
  if (s.status === 'over') return 'the game is over';
  if (move.seat !== undefined && !s.setup.seats.includes(move.seat)) return 'not a seat at the table';
  const acting = move.seat ?? s.prioritySeat;
  if (move.type === 'engine.pass') {
    if (acting !== s.prioritySeat) return 'only the seat holding priority may pass';
    return move.payload === undefined ? null : 'a pass carries nothing';
  }
  if (move.type !== 'PlayCard' && move.type !== 'CastInstant')
    return 'no such action (there is no "advance phase" action)';
  if (move.seat === undefined) return 'a card is played by a seat';
  if (move.seat !== s.prioritySeat) return 'only the seat holding priority may act';
  const payload = move.payload as { card?: unknown } | undefined;
  if (
    typeof payload !== 'object' ||
    payload === null ||
    Object.keys(payload).join() !== 'card' ||
    typeof payload.card !== 'string'
  ) {
    return 'the payload names one card';
  }
  const pieces = s.pieces[move.seat] as SeatPieces;
  if (!pieces.hand.includes(payload.card)) return 'the card is not in hand';
  const card = s.cards[payload.card] as RuleCard;
  if (move.type === 'PlayCard') {
    if (!SORCERY_TYPES.includes(card.type)) return 'PlayCard is for PERSON, APPLIANCE, HABIT and TASK';
    if (move.seat !== s.activeSeat) return 'sorcery speed: only the active player';
    if (s.phase !== 'PLAN') return 'sorcery speed: only during PLAN';
    if (s.stack.length > 0) return 'sorcery speed: only with the stack empty';
  } else if (card.type !== 'INSTANT') return 'CastInstant is for INSTANT';
  if (pieces.time < card.time) return 'not enough Time';
  return null;
}

function enterPhase(s: RulesState, phase: Phase): RulesState {
  let after: RulesState = { ...s, phase, prioritySeat: s.activeSeat, passes: 0 };
  if (phase === 'WAKE_UP')
    after = withPieces(after, s.activeSeat, (p) => draw({ ...p, time: s.setup.startingTime }, 1));
  return after;
}

function endTurn(s: RulesState): RulesState {
  if (s.turn >= s.setup.turns) {
    const boards = s.setup.seats.map((seat) => (s.pieces[seat] as SeatPieces).board.length);
    const most = Math.max(...boards);
    return {
      ...s,
      status: 'over',
      prioritySeat: null,
      passes: 0,
      winners: s.setup.seats.filter((_, i) => boards[i] === most),
    };
  }
  const activeSeat = next(s.setup.seats, s.activeSeat);
  return enterPhase({ ...s, activeSeat, turn: s.turn + 1 }, 'RESET');
}

/** The game after `move`, which must be allowed (`ruleRefusal` null). */
export function applyRule(s: RulesState, move: RuleMove): RulesState {
  const refused = ruleRefusal(s, move);
  if (refused !== null) throw new Error(`reference: ${move.type} is not allowed: ${refused}`);
  if (move.type === 'engine.pass') {
    const passes = s.passes + 1;
    // 2. not everybody yet: priority moves to the next player.
    if (passes < s.setup.seats.length)
      return { ...s, passes, prioritySeat: next(s.setup.seats, s.prioritySeat as string) };
    // 3. everybody passed in a row: the counter resets and ...
    const top = s.stack[s.stack.length - 1];
    if (top !== undefined) {
      // ... the top item resolves, and the active player receives priority again;
      const resolved = withPieces({ ...s, stack: s.stack.slice(0, -1) }, top.seat, (p) =>
        PERMANENT_TYPES.includes(top.type)
          ? { ...p, board: [...p.board, top.card] }
          : { ...p, discard: [...p.discard, top.card] },
      );
      return { ...resolved, passes: 0, prioritySeat: s.activeSeat };
    }
    // ... or, with the stack empty, the phase advances (after WIND_DOWN, the turn passes).
    const i = PHASES.indexOf(s.phase);
    return i < PHASES.length - 1 ? enterPhase(s, PHASES[i + 1] as Phase) : endTurn(s);
  }
  // A card goes on the stack: its cost is paid, the active player receives priority, the counter resets.
  const seat = move.seat as string;
  const name = (move.payload as { card: string }).card;
  const card = s.cards[name] as RuleCard;
  const paid = withPieces(s, seat, (p) => {
    const i = p.hand.indexOf(name);
    return { ...p, time: p.time - card.time, hand: [...p.hand.slice(0, i), ...p.hand.slice(i + 1)] };
  });
  return {
    ...paid,
    stack: [...s.stack, { id: s.nextStackId, seat, card: name, type: card.type }],
    nextStackId: s.nextStackId + 1,
    prioritySeat: s.activeSeat,
    passes: 0,
  };
}

/** Every move the reference allows `seat` now (each card named once). */
export function ruleMoves(s: RulesState, seat: string): RuleMove[] {
  const candidates: RuleMove[] = [{ type: 'engine.pass', seat }];
  const hand = s.pieces[seat]?.hand ?? [];
  for (const type of ['PlayCard', 'CastInstant'])
    for (const card of new Set(hand)) candidates.push({ type, seat, payload: { card } });
  return candidates.filter((move) => ruleRefusal(s, move) === null);
}

/** The reference state in the shape of the table's public state (`table.state`), minus what mundane's turn rules do not define. */
export function publicView(s: RulesState) {
  const seats: Record<string, { time: number; hand: string[]; deck: number; board: string[]; discard: string[] }> = {};
  for (const seat of s.setup.seats) {
    const p = s.pieces[seat] as SeatPieces;
    seats[seat] = {
      time: p.time,
      hand: [...p.hand],
      deck: p.deck.length,
      board: [...p.board],
      discard: [...p.discard],
    };
  }
  return {
    status: s.status,
    phase: s.phase as string,
    turn: s.turn,
    activeSeat: s.activeSeat as string | null,
    prioritySeat: s.prioritySeat,
    passes: s.passes,
    toAct: s.status === 'playing' && s.prioritySeat !== null ? [s.prioritySeat] : [],
    stack: s.stack.map((item) => ({ ...item })) as { id: number; seat: string; card: string; type: string }[],
    winners: [...s.winners],
    seats,
  };
}
