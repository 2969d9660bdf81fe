/**
 * The runs of the bot seats of a process's live tables: a table whose bot must act is played on, one bot move at a
 * time, as long as this process wins the claim to each move in the store (so exactly one process plays it), and
 * each move goes through the same commit as a player's.
 */
import { size } from '../log/plyLog.js';
import { botMove, botToAct, MAX_BOT_RUN } from './bots.js';
import type { PlayOutcome, TablesAtWork } from './liveEntry.js';

/** Says on standard error what went wrong with a table's bots: a bot never stops the process. */
function botError(id: string, what: string, error?: unknown): void {
  const detail =
    error === undefined ? '' : `: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
  process.stderr.write(`plystack serve: table ${id}: ${what}${detail}\n`);
}

/** The bot runs of one process's live tables. */
export class BotRuns {
  /** Tables whose bots this process is playing now, and the runs themselves (`close` waits for them). */
  private readonly driving = new Map<string, Promise<number>>();
  /** Tables woken while their bots were being played: the run looks again before it ends. */
  private readonly woken = new Set<string>();
  private closed = false;

  constructor(private readonly tables: TablesAtWork) {}

  /**
   * Plays the table's bot moves soon, after what runs now has been answered; a run
   * of its bots already under way in this process looks again before it ends.
   */
  wake(id: string): void {
    if (this.closed) return;
    if (this.driving.has(id)) {
      this.woken.add(id);
      return;
    }
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.play(id))
      .catch((error: unknown) => {
        botError(id, 'its bots stopped', error);
        return 0;
      })
      .finally(() => {
        this.driving.delete(id);
        if (this.woken.delete(id)) this.wake(id);
      });
    this.driving.set(id, run);
  }

  /**
   * Plays the table's bot moves while a bot seat must act and this process wins
   * the claim to each (exactly one process plays each bot move; committing it clears
   * the claim). Each is played as its seat, naming the ply count it was chosen at,
   * through the same commit as a player's move. A bot that throws, finds no move or
   * chooses a refused move leaves the table as it is (logged) and its bots stop
   * until another move. Returns the moves played.
   */
  private async play(id: string): Promise<number> {
    let played = 0;
    for (;;) {
      if (this.closed || this.tables.isUnservable(id)) return played;
      const claimed = await this.tables.store.claimBots(id);
      if (claimed === null) return played;
      const entry = await this.tables.claimed(id, (table) => this.tables.store.releaseBots(table));
      if (entry === null) return played;
      const step = await this.tables.exclusive(entry, async (): Promise<'played' | 'stop'> => {
        if (entry.moves !== claimed) {
          entry.behind = Math.max(entry.behind, claimed);
          await this.tables.fresh(entry);
        }
        if (entry.moves !== claimed) {
          await this.tables.store.releaseBots(id);
          return 'stop';
        }
        const { record, table } = entry;
        const seat = botToAct(record.bots, table);
        const spec = seat === null ? undefined : record.bots?.[seat];
        if (seat === null || spec === undefined) {
          await this.tables.store.stopBots(id, claimed);
          return 'stop';
        }
        if (played >= MAX_BOT_RUN) {
          botError(id, `its bots played ${played} moves in a row and stop here; a move of someone else's wakes them`);
          await this.tables.store.stopBots(id, claimed);
          return 'stop';
        }
        // The table cannot move while its bot thinks (this holds the table), but the rest of the server goes on.
        const at = size(table.context.plies);
        let move: Awaited<ReturnType<typeof botMove>>;
        try {
          move = await botMove(spec, record.seed, table, seat);
        } catch (error) {
          botError(id, `the ${spec.kind} bot of ${seat} failed; the table stays as it is`, error);
          await this.tables.store.stopBots(id, claimed);
          return 'stop';
        }
        if (move === null) {
          botError(id, `the ${spec.kind} bot of ${seat} found no move; the table stays as it is`);
          await this.tables.store.stopBots(id, claimed);
          return 'stop';
        }
        let outcome: PlayOutcome | 'retry';
        try {
          outcome = await this.tables.tryCommit(entry, move, { expect: at, cause: 'bot' });
        } catch (error) {
          // The store is away: the claim lapses and a later tick (here or elsewhere) plays the move.
          await this.tables.store.releaseBots(id).catch(() => undefined);
          throw error;
        }
        if (outcome === 'retry' || outcome.status === 409) {
          // Another process advanced the table meanwhile: the move is dropped, and whoever is due next plays.
          await this.tables.store.releaseBots(id);
          return 'stop';
        }
        if (outcome.status !== 200) {
          botError(
            id,
            `the table refused the ${spec.kind} bot of ${seat}'s move: ${outcome.body.code}: ${outcome.body.message}`,
          );
          await this.tables.store.stopBots(id, claimed);
          return 'stop';
        }
        return 'played';
      });
      if (step === 'stop') return played;
      played++;
      this.woken.delete(id);
      // Requests of other tables and of this one are answered between two bot moves.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  /** Plays the bot moves of tables the store says are due (after a restart, or a process that went away). */
  wakeDue(ids: readonly string[]): void {
    for (const id of ids) if (!this.driving.has(id)) this.wake(id);
  }

  /** Stops playing bot moves: each run ends after its move under way; resolves once they all have. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.driving.values());
  }
}
