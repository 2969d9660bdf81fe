/**
 * A test model written out as a vitest file: one `it()` per path, named by
 * its description, that opens the table with `createTable`, plays the path's
 * moves through `table.play` and checks the table after every step against
 * what the model expected. The file needs nothing from plystack but its
 * public table API, so it tests the engine, not the generator.
 */
import type { ExpectedState, RefusedOpening, TablePath } from './path.js';
import { formatCoverage, type TableTestModel } from './tableTestModel.js';

/** How the generated file gets the game, and what its header says. */
export interface TestFileOptions {
  /**
   * Where the game comes from: `{ builtIn: 'mundane' }` (through `findGame`
   * from 'plystack/games'), or a module and its export (`{ from: '../src/game.js',
   * name: 'default' }`).
   */
  readonly game: { readonly builtIn: string } | { readonly from: string; readonly name: string };
  /** The command that generated the file, for its header. */
  readonly command?: string;
  /** Where the file imports plystack from (default 'plystack'). */
  readonly plystack?: string;
  /** Where it imports plystack/testing from (default: beside `plystack`: 'plystack/testing', or its `testing/index`). */
  readonly testing?: string;
}

/**
 * Where a generated file imports one of plystack's other entry points from,
 * given where it imports plystack itself: the package's subpath, or the
 * entry's index beside a source or build path.
 *
 * @example
 * entryBeside('plystack', 'games') // 'plystack/games'
 * entryBeside('../src/index.ts', 'testing') // '../src/testing/index.ts'
 */
export function entryBeside(plystack: string, entry: 'games' | 'testing'): string {
  return /index(\.[jt]s)?$/.test(plystack)
    ? plystack.replace(/index(\.[jt]s)?$/, `${entry}/index$1`)
    : `${plystack}/${entry}`;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * A JSON value as a TypeScript literal a person reads: single quotes, bare
 * keys where they are identifiers, on one line.
 *
 * @example
 * literal({ type: 'engine.pass', seat: 'seat:ann' }) // "{ type: 'engine.pass', seat: 'seat:ann' }"
 */
export function literal(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'string')
    return `'${JSON.stringify(value).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return '{}';
    return `{ ${entries.map(([k, v]) => `${IDENTIFIER.test(k) ? k : literal(k)}: ${literal(v)}`).join(', ')} }`;
  }
  return JSON.stringify(value);
}

function comment(text: string): string {
  return text.replace(/\*\//g, '*\\/');
}

/** The fields of `next` that differ from `previous`: what a step changes. */
function changes(previous: ExpectedState, next: ExpectedState): Partial<ExpectedState> {
  const changed: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof ExpectedState)[]) {
    if (JSON.stringify(previous[key]) !== JSON.stringify(next[key])) changed[key] = next[key];
  }
  return changed as Partial<ExpectedState>;
}

function pathTest(path: TablePath, index: number): string {
  let previous = path.opening;
  const steps = path.steps.map((step) => {
    const parts = [
      literal(step.move),
      literal(changes(previous, step.expected)),
      ...(step.refused === null ? [] : [literal(step.refused)]),
    ];
    previous = step.expected;
    return `      [${parts.join(', ')}],`;
  });
  return [`  it(${literal(`path ${index + 1}: ${path.description}`)}, () =>`, '    play([', ...steps, '    ]));'].join(
    '\n',
  );
}

function openingTest(opening: RefusedOpening): string {
  return [
    `  it(${literal(opening.description)}, () => {`,
    `    let thrown: unknown = null;`,
    `    try {`,
    `      createTable(game, ${literal(opening.input)}).stop();`,
    `    } catch (error) {`,
    `      thrown = error;`,
    `    }`,
    `    expect(thrown).toBeInstanceOf(InvalidTable);`,
    `    expect({ code: (thrown as InvalidTable).code, path: (thrown as InvalidTable).path }).toEqual(${literal({ code: opening.code, path: opening.path })});`,
    `  });`,
  ].join('\n');
}

/**
 * The text of a runnable vitest file for `model`.
 *
 * @example
 * await writeFile('test/mundane.paths.test.ts', tableTestFile(createTableTestModel(mundane, { seats: 2 }), { game: { builtIn: 'mundane' } }))
 */
export function tableTestFile(model: TableTestModel, options: TestFileOptions): string {
  const { game, input } = model;
  const opening = model.paths[0]?.opening ?? null;
  const plystack = options.plystack ?? 'plystack';
  const testing = options.testing ?? entryBeside(plystack, 'testing');
  const source = options.game;
  const gameImport =
    'builtIn' in source
      ? [
          `import { createTable, IllegalMove, InvalidTable, type AnyGame, type Move } from ${literal(plystack)};`,
          `import { findGame } from ${literal(entryBeside(plystack, 'games'))};`,
          '',
          `const game: AnyGame = findGame(${literal(source.builtIn)})!;`,
        ]
      : [
          `import { createTable, IllegalMove, InvalidTable, type AnyGame, type Move } from ${literal(plystack)};`,
          source.name === 'default'
            ? `import gameExport from ${literal(source.from)};`
            : `import { ${source.name} as gameExport } from ${literal(source.from)};`,
          '',
          'const game: AnyGame = gameExport;',
        ];
  const header = [
    '/**',
    ` * Paths through the turn structure of ${game.id} (version ${game.version}), generated by plystack${options.command !== undefined ? `:\n *   ${comment(options.command)}` : ''}.`,
    ' * Each path opens the same table, plays its moves through table.play and checks the table after every',
    ' * step against the model: the chart value, status, phase, turn, round, active and priority seats, passes,',
    " * stack depth, who is to act, the number of plies and each seat's timing (for each of the game's move types, a",
    ' * pass and an end of turn: allowed, or the code it is refused with). A step lists what it changes; every other',
    ' * field must stay as it was. A refused step must be refused with its code and change nothing. After the last',
    " * step, the game's own properties and plystack's built-in checks are asked along the whole path (recheck).",
    ' * Regenerate this file when the game or plystack changes; do not edit it by hand.',
    ' *',
    ...formatCoverage(model.coverage).map((line) => ` * ${comment(line)}`),
    ' */',
  ];
  return [
    ...header,
    "import { describe, expect, it } from 'vitest';",
    ...gameImport,
    `import { recheck } from ${literal(testing)};`,
    `const input = ${literal(input)};`,
    '',
    '/** What the model expects after a step. */',
    'interface Expected {',
    '  value: unknown;',
    '  status: string;',
    '  phase: string;',
    '  turn: number;',
    '  round: number;',
    '  activeSeat: string | null;',
    '  prioritySeat: string | null;',
    '  passes: number;',
    '  stack: number;',
    '  toAct: string[];',
    '  plies: number;',
    '  timing: string;',
    '}',
    '',
    '/** A move, what it changes in what the table shows (every other field stays as it was), and the code it is refused with, if it is. */',
    'type Step = [move: Move, changes: Partial<Expected>, refused?: string];',
    '',
    '/** What the table shows when it opens, before any move. */',
    `const OPENING: Expected = ${literal(opening)};`,
    '',
    'function observe(table: ReturnType<typeof createTable>): Expected {',
    '  const { status, phase, turn, round, activeSeat, prioritySeat, passes, stack, toAct } = table.state;',
    '  return { value: table.actor.getSnapshot().value, status, phase, turn, round, activeSeat, prioritySeat, passes, stack: stack.length, toAct, plies: table.plies.length, timing: timing(table) };',
    '}',
    '',
    "/** Each seat's answer for each of the game's own move types, a pass and an end of turn: ok, or the code it is refused with. */",
    'function timing(table: ReturnType<typeof createTable>): string {',
    "  const types = [...Object.keys(game.moves), 'engine.pass', 'engine.end-turn'];",
    '  return Object.keys(table.state.seats)',
    '    .map((seat) => {',
    '      const legal = table.legalMoves(seat);',
    '      const allowed = new Set(legal.allowed.map((move) => (move as Move).type));',
    '      const blocked = new Map(legal.blocked.map((b) => [b.type, b.code]));',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template literal of the generated test file, written as text
    "      return `${seat} ${types.map((type) => `${type}=${allowed.has(type) ? 'ok' : (blocked.get(type) ?? '?')}`).join(' ')}`;",
    '    })',
    "    .join('; ');",
    '}',
    '',
    '/** States the paths before this one judged: paths share their first moves, and a state is judged once. */',
    'const judged = new Set<string>();',
    '',
    'function play(steps: Step[]): void {',
    '  const table = createTable(game, input);',
    '  try {',
    '    let expected = OPENING;',
    "    expect(observe(table), 'at the opening').toEqual(expected);",
    '    steps.forEach(([move, changes, refused], i) => {',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template literal of the generated test file, written as text
    '      const where = `step ${i + 1}: ${JSON.stringify(move)}`;',
    '      if (refused === undefined) {',
    '        table.play(move);',
    '      } else {',
    '        const before = table.actor.getSnapshot();',
    '        expect(() => table.play(move), where).toThrow(IllegalMove);',
    '        expect(table.check(move)?.code, where).toBe(refused);',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template literal of the generated test file, written as text
    '        expect(table.actor.getSnapshot(), `${where}: a refused move must not reach the actor`).toBe(before);',
    '        // Sent straight to the actor, the same gate refuses it, and says so.',
    '        const codes: string[] = [];',
    "        const listener = table.on('move.refused', (e) => codes.push(e.refusal.code));",
    '        table.actor.send(move);',
    '        listener.unsubscribe();',
    '        expect(codes, where).toEqual([refused]);',
    '      }',
    '      expected = { ...expected, ...changes };',
    '      expect(observe(table), where).toEqual(expected);',
    '    });',
    '    expect(recheck(game, table.log, { everyState: true, judged }).problems, "the game\'s properties along the path").toEqual([]);',
    '  } finally {',
    '    table.stop();',
    '  }',
    '}',
    '',
    `describe(${literal(`${game.id}: paths through the turn structure`)}, () => {`,
    [...model.paths.map(pathTest), ...model.refusedOpenings.map(openingTest)].join('\n\n'),
    '});',
    '',
  ].join('\n');
}
