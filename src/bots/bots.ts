/**
 * Bots over a table's legal moves: a random bot and a Monte Carlo tree search
 * (UCT) bot that looks ahead on `table.simulate()`, or, at a game that hides
 * information, on samples of what its seat may not see drawn by the game's
 * `bots.determinize` (information set MCTS). Both are seeded: the same
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
import { missingDeterminize, seatSampler, sightOf } from './determinize.js';

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
  /**
   * Search the table as it is, every seat's secrets included (default false: only what the seat may see). For a game
   * that hides information and gives no `bots.determinize`, or to measure what seeing everything is worth.
   */
  readonly omniscient?: boolean;
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

/** A move's identity across samples: its type, seat and payload. */
const moveKey = (move: Move): string => JSON.stringify(move);

/** A node of a search over samples: a move and what its tries scored, over every sample in which it could be made. */
interface SampledNode {
  readonly move: Move | null;
  /** The seat that made `move` (whose point of view the node's wins take). */
  readonly seat: string | null;
  readonly parent: SampledNode | null;
  readonly children: Map<string, SampledNode>;
  /** The game's weight of `move` against the heaviest of its siblings' when it was first tried (0 to 1). */
  readonly prior: number;
  visits: number;
  wins: number;
  /** The samples in which `move` could be made when its parent was reached: UCT's count of chances to choose it. */
  chances: number;
}

/**
 * A bot that searches the moves ahead with Monte Carlo tree search (UCT):
 * each iteration walks down the tree of moves tried so far, tries one new
 * move, plays random moves (weighed by the game's `bots.weight` hint) to the
 * end on a fork of the simulation, or `depth` of them, scored then by
 * `evaluate`, and credits the result to every move on the way. Every position
 * offers the moves `botMoves` gives. It plays the move tried most.
 *
 * It searches only what its seat may see. At a game that gives
 * `bots.determinize`, each iteration plays on a new sample of the table as the
 * seat might believe it (the others' hands, the draw pile… drawn again), and the
 * tree follows the moves each sample allows; the table is never searched, and
 * two tables the seat sees alike get the same choice. Asked for no seat, it
 * plays for the first seat that may act. A game that hides information
 * (`hiddenSeatView`, `secret` move fields) and gives no `bots.determinize` is
 * refused with a HintError (`MISSING_HINT`), unless `omniscient` lets the bot
 * search the table as it is. A game that hides nothing is searched as it is.
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
  const omniscient = options.omniscient ?? false;
  /**
   * A move's worth to choose again, `chances` the times it could have been: UCT, plus the game's weight of the move as
   * a bias that fades as the move is tried (progressive bias).
   */
  const uct = (child: { visits: number; wins: number; prior: number }, chances: number) =>
    child.wins / child.visits + c * Math.sqrt(Math.log(chances) / child.visits) + child.prior / (child.visits + 1);

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
      const value = uct(child, node.visits);
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

  /** The search of the table as it is (`root`, for `seat` or any seat that may act), one playout a step. */
  function* searchTable(root: Simulation, seat: string | undefined) {
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

  /**
   * The search of what `seat` may know (information set MCTS): each playout draws a new sample of what the seat may
   * not see (`draw`), walks the tree by the moves that can be made in it, tries one new move, plays out and credits
   * the moves on the way. A move's tries add up over every sample, so the move chosen is the best over what the seat
   * may not see, never the best against one guess of it.
   */
  function* searchSamples(draw: (random: Random) => Simulation, seat: string, moves: readonly Move[]) {
    const tree: SampledNode = {
      move: null,
      seat: null,
      parent: null,
      children: new Map(),
      prior: 0,
      visits: 0,
      wins: 0,
      chances: 0,
    };
    for (let i = 0; i < iterations; i++) {
      const simulation = draw(random);
      let node = tree;
      while (!simulation.over) {
        const here = botMoves(simulation, node === tree ? seat : undefined);
        if (here.length === 0) break;
        const weights = moveWeights(simulation, here);
        const untried: number[] = [];
        let chosen: SampledNode | null = null;
        let top = -Infinity;
        for (const [j, move] of here.entries()) {
          const child = node.children.get(moveKey(move));
          if (child === undefined) {
            untried.push(j);
            continue;
          }
          child.chances++;
          // Over the samples, a move's chances are the times it could have been chosen.
          const value = uct(child, child.chances);
          if (value > top) [top, chosen] = [value, child];
        }
        if (untried.length > 0) {
          // A move not tried yet is tried now, the ones the game weighs more first; the walk down ends with it.
          // As in the search of the table: a move's weight against the heaviest of every move here.
          const heaviest = weights === null ? 0 : Math.max(0, ...weights);
          const picked = pickIndex(
            untried.length,
            weights === null ? null : untried.map((j) => weights[j] as number),
            (n) => random.int(0, n - 1),
          );
          const move = here[untried[picked] as number] as Move;
          if (!simulation.tryPlay(move).ok) break;
          const weight = weights?.[untried[picked] as number] ?? 0;
          const child: SampledNode = {
            move,
            seat: move.seat ?? null,
            parent: node,
            children: new Map(),
            prior: heaviest > 0 ? weight / heaviest : 0,
            visits: 0,
            wins: 0,
            chances: 1,
          };
          node.children.set(moveKey(move), child);
          node = child;
          break;
        }
        if (chosen === null || !simulation.tryPlay(chosen.move as Move).ok) break;
        node = chosen;
      }
      const end = playout(simulation);
      for (let n: SampledNode | null = node; n !== null; n = n.parent) {
        n.visits++;
        if (n.seat !== null) n.wins += score(end, n.seat, evaluate);
      }
      yield;
    }
    // The move tried most of those the seat has at the table (a sample may have offered others).
    let chosen: SampledNode | null = null;
    for (const move of moves) {
      const child = tree.children.get(moveKey(move));
      if (child !== undefined && (chosen === null || child.visits > chosen.visits)) chosen = child;
    }
    return chosen?.move ?? null;
  }

  /**
   * The search, one playout a step: of the table as it is at a game that hides nothing (or for an omniscient bot),
   * else of samples of what the seat may not see.
   */
  function* search(position: Table<AnyGame> | Simulation<AnyGame> | Position, seat?: string) {
    if (!('simulate' in position) && !('fork' in position))
      throw new TypeError('mctsBot looks ahead on a table or a simulation (it needs simulate() or fork())');
    const table = 'simulate' in position ? position.simulate() : position.fork();
    const sight = sightOf(table.game, omniscient);
    // A search of what one seat may know is for that seat: asked for none, it plays for the first seat that may act.
    const searcher = sight === 'table' ? seat : (seat ?? table.toAct()[0]);
    const moves = botMoves(table, searcher);
    if (moves.length <= 1) return moves[0] ?? null;
    if (sight === 'none') throw missingDeterminize(table.game);
    if (sight === 'table' || searcher === undefined) return yield* searchTable(table, searcher);
    return yield* searchSamples(seatSampler(table, searcher), searcher, moves);
  }

  return {
    name: 'mcts',
    choose: (position, seat) => runSteps(search(position, seat)),
    steps: search,
  };
}
