/**
 * mundane's cards: their types, which are permanents, and the default deck a
 * seat gets when the table gives none.
 */
import { z } from '../../core/schema.js';

export const CARD_TYPES = ['PERSON', 'APPLIANCE', 'HABIT', 'TASK', 'INSTANT'] as const;
export type CardType = (typeof CARD_TYPES)[number];

/** A card: its name, its type and its cost in Time (paid when it goes on the stack). */
export interface Card {
  readonly name: string;
  readonly type: CardType;
  readonly time: number;
}

export const cardSchema = z.strictObject({
  name: z.string().check(z.minLength(1), z.maxLength(64)),
  type: z.enum(CARD_TYPES),
  time: z._default(z.int().check(z.gte(0), z.lte(1000)), 0),
});

/** Types played at sorcery speed with PlayCard. */
export const SORCERY_TYPES: readonly CardType[] = ['PERSON', 'APPLIANCE', 'HABIT', 'TASK'];
/** Types that stay on their controller's board once resolved. */
export const PERMANENT_TYPES: readonly CardType[] = ['PERSON', 'APPLIANCE', 'HABIT'];

/**
 * Whether a card of `type` stays on the board when it resolves; one-shots
 * (TASK, INSTANT) go to the discard.
 *
 * @example
 * isPermanent('APPLIANCE') // true
 */
export function isPermanent(type: CardType): boolean {
  return PERMANENT_TYPES.includes(type);
}

/** The deck every seat gets when the table gives no decks: 20 cards, shuffled from the seed. */
export const DEFAULT_DECK: readonly Card[] = [
  { name: 'Neighbour', type: 'PERSON', time: 2 },
  { name: 'Neighbour', type: 'PERSON', time: 2 },
  { name: 'Plumber', type: 'PERSON', time: 3 },
  { name: 'Toaster', type: 'APPLIANCE', time: 1 },
  { name: 'Toaster', type: 'APPLIANCE', time: 1 },
  { name: 'Kettle', type: 'APPLIANCE', time: 1 },
  { name: 'Washing Machine', type: 'APPLIANCE', time: 3 },
  { name: 'Morning Run', type: 'HABIT', time: 2 },
  { name: 'Journaling', type: 'HABIT', time: 1 },
  { name: 'Journaling', type: 'HABIT', time: 1 },
  { name: 'Laundry', type: 'TASK', time: 1 },
  { name: 'Laundry', type: 'TASK', time: 1 },
  { name: 'Groceries', type: 'TASK', time: 2 },
  { name: 'Dishes', type: 'TASK', time: 1 },
  { name: 'Coffee', type: 'INSTANT', time: 0 },
  { name: 'Coffee', type: 'INSTANT', time: 0 },
  { name: 'Second Wind', type: 'INSTANT', time: 1 },
  { name: 'Excuse', type: 'INSTANT', time: 1 },
  { name: 'Excuse', type: 'INSTANT', time: 1 },
  { name: 'Nap', type: 'INSTANT', time: 2 },
];
