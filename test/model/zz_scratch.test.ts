import { it } from 'vitest';
import { createActor } from 'xstate';
import { createTableMachine } from '../../src/machines/tableMachine.js';
import { mundane } from '../../src/games/mundane/mundane.js';
import { createTable } from '../../src/table/table.js';

const decks = {
  'seat:ann': [{ name: 'Pal', type: 'PERSON', time: 1 }, { name: 'Chore', type: 'TASK', time: 1 }, { name: 'Sip', type: 'INSTANT', time: 0 }],
  'seat:bob': [{ name: 'Sip', type: 'INSTANT', time: 0 }, { name: 'Pal', type: 'PERSON', time: 1 }, { name: 'Chore', type: 'TASK', time: 1 }],
};
const input = { table: 'table:model', seats: ['seat:ann', 'seat:bob'], seed: 1, options: { decks, openingHand: 2, turns: 2 } };
it('scratch', () => {
  const m = createTableMachine(mundane);
  const log: string[] = [];
  const a = createActor(m, { input: input as never, inspect: (ev: any) => {
    if (ev.type === '@xstate.microstep') log.push(`${ev.event.type}: ${ev._transitions.map((t: any) => `${t.source.id}[${t.eventType}]->${(t.target ?? []).map((x: any) => x.id).join(',')}`).join(' | ')}`);
  } });
  a.on('*', (e: any) => log.push('EMIT ' + JSON.stringify(e).slice(0, 150)));
  a.start();
  console.log(JSON.stringify(a.getSnapshot().value), a.getSnapshot().context.phase);
  a.send({ type: 'engine.pass', seat: 'seat:ann' });
  a.send({ type: 'engine.pass', seat: 'seat:bob' });
  a.send({ type: 'engine.pass', seat: 'seat:ann' });
  a.send({ type: 'engine.pass', seat: 'seat:bob' });
  console.log(a.getSnapshot().context.phase, JSON.stringify(a.getSnapshot().context.game));
  a.send({ type: 'PlayCard', seat: 'seat:ann', payload: { card: 'Pal' } });
  a.send({ type: 'PlayCard', seat: 'seat:bob', payload: { card: 'Pal' } });
  console.log(log.join('\n'));
});
