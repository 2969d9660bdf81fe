/**
 * Bots over a table's legal moves: a random bot and a Monte Carlo tree search
 * (UCT) bot that looks ahead on `table.simulate()`. Both are seeded: the same
 * seed on the same table chooses the same move. Both consider the moves
 * `botMoves` gives (no leaving, auto-pass stops or undo while a seat has other
 * moves), at the root and at every position of a search, and follow the game's
 * `bots` hints: a random pick (the random bot's, a playout's) weighs the moves
 * as the game says, and a playout cut off before the end is scored by its
 * `evaluate`. A search can also be run a step at a time (`steps`, `chooseSoon`),
 * so a server's event loop never waits for a whole search.
 */

import type { Move } from '../core/move.js';
import { type Random, type Seed, seededRandom } from '../core/random.js';
import type { AnyGame } from '../definition/game.js';
import type { Simulation } from '../fast/simulation.js';
import type { Table } from '../table/table.js';
import { botMoves, evaluateHint, moveWeights, type Position, pickIndex, pickMove } from './botMoves.js';

export type { Position } from './botMoves.js';

/** A bot: chooses a move for `seat` (by default, any seat that may act), or null when it has none. */
export interface Bot {
  readonly name: string;
  choose(position: Table<AnyGame> | Simulation<AnyGame> | Position, seat?: string): Move | null;
  /**
   * The same choice a step at a time: each `next()` does a bounded part of the work (for the MCTS bot, one playout)
   * and the generator returns the move `choose` would have chosen. The position is read at the first `next()`. A bot
   * of your own may leave it out: `chooseSoon` then calls `choose`.
   */
  steps?(position: Table<AnyGame> | Simulation<AnyGame> | Position, seat?: string): Generator<void, Move | null, void>;
}

/** Gives the event loop a turn: what is waiting (requests, timers) runs before this resolves. */
const nextTurn = () =>
  new Promise<void>((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)));

/** Runs a bot's steps to the end at once: what `choose` does. */
function runSteps(steps: Generator<void, Move | null, void>): Move | null {
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}

/**
 * Chooses as `bot.choose` does, giving the event loop a turn whenever `sliceMs` (default 5) have gone by, so a long
 * search never holds up the rest of a server: the same bot and position choose the same move either way.
 *
 * @example
 * const move = await chooseSoon(mctsBot({ seed: 1, iterations: 500 }), table, 'seat:ann')
 */
export async function chooseSoon(
  bot: Bot,
  position: Table<AnyGame> | Simulation<AnyGame> | Position,
  seat?: string,
  options: { readonly sliceMs?: number } = {},
): Promise<Move | null> {
  const sliceMs = options.sliceMs ?? 5;
  if (bot.steps === undefined) return bot.choose(position, seat);
  const steps = bot.steps(position, seat);
  for (let since = performance.now(); ; ) {
    const step = steps.next();
    if (step.done === true) return step.value;
    if (performance.now() - since >= sliceMs) {
      await nextTurn();
      since = performance.now();
    }
  }
}

/** One of the moves a bot considers at `position` (of `seat`, or of any seat that may act), drawn with the game's weights; null when there is none. */
const randomMove = (random: Random, position: Position, seat?: string): Move | null =>
  pickMove(position, seat, (n) => random.int(0, n - 1));

/**
 * A bot that plays one of the moves `botMoves` gives, chosen at random: uniformly, or as the game's `bots.weight`
 * hint weighs them.
 *
 * @example
 * const bot = randomBot({ seed: 7 })
 * table.play(bot.choose(table)!)
 */
export function randomBot(options: { readonly seed: Seed }): Bot {
  const random = seededRandom(options.seed);
  // One pick is one step: it has no `steps`, and chooseSoon asks `choose`.
  return {
    name: 'random',
    choose: (position, seat) => randomMove(random, position as Position, seat),
  };
}

/** Options of `mctsBot`. */
export interface MctsOptions {
  readonly seed: Seed;
  /** Playouts per move (default 500). */
  readonly iterations?: number;
  /** Moves per playout before it is scored as unfinished (default 200). */
  readonly depth?: number;
  /** UCT's exploration constant (default √2). */
  readonly exploration?: number;
  /** How good an unfinished playout is for `seat`, from 0 to 1 (default: the game's `bots.evaluate` hint, else 0.5: unknown). */
  readonly evaluate?: (simulation: Simulation, seat: string) => number;
}

interface TreeNode {
  readonly move: Move | null;
  /** The seat that made `move` (whose point of view the node's wins take). */
  readonly seat: string | null;
  readonly simulation: Simulation;
  readonly parent: TreeNode | null;
  readonly children: TreeNode[];
  /** The moves not tried yet from here, and the game's weights of them (null: none), in step. */
  readonly untried: Move[];
  readonly weights: number[] | null;
  /** The heaviest of those weights, when they are first listed. */
  readonly heaviest: number;
  /** The game's weight of `move` against the heaviest of its siblings' (0 to 1; 0 without weights). */
  readonly prior: number;
  visits: number;
  wins: number;
}

/** The moves a search tries from `simulation` (of `seat`, or of any seat that may act), and their weights. */
function untriedAt(simulation: Simulation, seat?: string): Pick<TreeNode, 'untried' | 'weights' | 'heaviest'> {
  const untried = botMoves(simulation, seat);
  const weights = moveWeights(simulation, untried);
  return { untried, weights, heaviest: weights === null ? 0 : Math.max(0, ...weights) };
}

/** A finished or cut-off playout's score for `seat`: a win 1, a shared win 1/n (a draw), a loss 0. */
function score(
  simulation: Simulation,
  seat: string,
  evaluate: ((simulation: Simulation, seat: string) => number) | undefined,
): number {
  if (!simulation.over) return evaluate?.(simulation, seat) ?? evaluateHint(simulation, seat) ?? 0.5;
  const winners = simulation.context.winners;
  return winners.includes(seat) ? 1 / winners.length : 0;
}

/**
 * A bot that searches the moves ahead with Monte Carlo tree search (UCT):
 * each iteration walks down the tree of moves tried so far, tries one new
 * move, plays random moves (weighed by the game's `bots.weight` hint) to the
 * end on a fork of the simulation, or `depth` of them, scored then by
 * `evaluate`, and credits the result to every move on the way. Every position
 * offers the moves `botMoves` gives. It plays the move tried most.
 *
 * @example
 * const bot = mctsBot({ seed: 1, iterations: 1000 })
 * table.play(bot.choose(table, 'seat:ann')!)
 */
export function mctsBot(options: MctsOptions): Bot {
  const random = seededRandom(options.seed);
  const iterations = options.iterations ?? 500;
  const depth = options.depth ?? 200;
  const c = options.exploration ?? Math.SQRT2;
  const evaluate = options.evaluate;

  const expand = (node: TreeNode): TreeNode | null => {
    while (node.untried.length > 0) {
      // Moves the game weighs more are tried first: a short search keeps to them.
      const i = pickIndex(node.untried.length, node.weights, (n) => random.int(0, n - 1));
      const move = node.untried.splice(i, 1)[0] as Move;
      const weight = node.weights?.splice(i, 1)[0] ?? 0;
      const simulation = node.simulation.fork();
      if (!simulation.tryPlay(move).ok) continue;
      const child: TreeNode = {
        move,
        seat: move.seat ?? null,
        simulation,
        parent: node,
        children: [],
        ...untriedAt(simulation),
        prior: node.heaviest > 0 ? weight / node.heaviest : 0,
        visits: 0,
        wins: 0,
      };
      node.children.push(child);
      return child;
    }
    return null;
  };
  const best = (node: TreeNode): TreeNode => {
    let chosen = node.children[0] as TreeNode;
    let top = -Infinity;
    for (const child of node.children) {
      // UCT, plus the game's weight of the move as a bias that fades as the move is tried (progressive bias).
      const value =
        child.wins / child.visits +
        c * Math.sqrt(Math.log(node.visits) / child.visits) +
        child.prior / (child.visits + 1);
      if (value > top) [top, chosen] = [value, child];
    }
    return chosen;
  };
  const playout = (from: Simulation): Simulation => {
    const simulation = from.fork();
    for (let i = 0; i < depth && !simulation.over; i++) {
      const move = randomMove(random, simulation);
      if (move === null) break;
      simulation.tryPlay(move);
    }
    return simulation;
  };

  /** The search, one playout a step. */
  function* search(position: Table<AnyGame> | Simulation<AnyGame> | Position, seat?: string) {
    if (!('simulate' in position) && !('fork' in position))
      throw new TypeError('mctsBot looks ahead on a table or a simulation (it needs simulate() or fork())');
    const root = 'simulate' in position ? position.simulate() : position.fork();
    const tree: TreeNode = {
      move: null,
      seat: null,
      simulation: root,
      parent: null,
      children: [],
      ...untriedAt(root, seat),
      prior: 0,
      visits: 0,
      wins: 0,
    };
    if (tree.untried.length <= 1) return tree.untried[0] ?? null;
    for (let i = 0; i < iterations; i++) {
      let node = tree;
      while (node.untried.length === 0 && node.children.length > 0) node = best(node);
      const leaf = node.simulation.over ? node : (expand(node) ?? node);
      const end = playout(leaf.simulation);
      for (let n: TreeNode | null = leaf; n !== null; n = n.parent) {
        n.visits++;
        if (n.seat !== null) n.wins += score(end, n.seat, evaluate);
      }
      yield;
    }
    let chosen: TreeNode | null = null;
    for (const child of tree.children) if (chosen === null || child.visits > chosen.visits) chosen = child;
    return chosen?.move ?? null;
  }

  return {
    name: 'mcts',
    choose: (position, seat) => runSteps(search(position, seat)),
    steps: search,
  };
}
