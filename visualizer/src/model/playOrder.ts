/**
 * How play goes round the table, as the seat ring says it: seat after seat
 * clockwise or counter-clockwise (turns taken in table order, reversed by a
 * Circular reversal), or in no direction at all where the phase's strategy
 * takes no turns round the table (initiative, all at once, in any order).
 */
import type { TableState } from 'plystack';

/** The ring's words for how play goes, and the arrow it draws (none where play goes round in no direction). */
export interface PlayOrder {
  readonly words: string;
  readonly arrow: 'clockwise' | 'counter-clockwise' | null;
}

/**
 * How play goes in `state`'s phase.
 *
 * @example
 * playOrder({ strategy: 'Circular', direction: -1 }) // { words: 'counter-clockwise', arrow: 'counter-clockwise' }
 * playOrder({ strategy: 'Simultaneous', direction: 1 }) // { words: 'all at once', arrow: null }
 */
export function playOrder(state: Pick<TableState, 'strategy' | 'direction'>): PlayOrder {
  switch (state.strategy) {
    case 'Initiative':
      return { words: 'by initiative', arrow: null };
    case 'Simultaneous':
      return { words: 'all at once', arrow: null };
    case 'Free':
      return { words: 'in any order', arrow: null };
    default: {
      const way = state.direction === -1 ? 'counter-clockwise' : 'clockwise';
      return { words: way, arrow: way };
    }
  }
}
