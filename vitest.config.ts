import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/** A project of the suite: the test files of some folders of test/, with the root's options and its own. */
const project = (
  name: string,
  folders: string[],
  more: TestProjectInlineConfiguration['test'] = {},
): TestProjectInlineConfiguration => ({
  extends: true,
  test: { name, include: folders.map((folder) => `test/${folder}/**/*.test.ts`), ...more },
});

/**
 * The suite in projects by what its tests drive and what they cost (docs/testing.md), so that one can be run alone:
 * `npx vitest run --project unit` answers in seconds. `npm test` runs them all.
 */
export default defineConfig({
  test: {
    testTimeout: 60_000,
    // A worker per core (vitest's default is a core less: one on a 2-core machine, where every file then waited for
    // the one before). More overlaps the files that wait on a server, Chromium or npm, but starves those that time a
    // CPU-bound start (PGlite's initdb in a child server) on a loaded machine.
    maxWorkers: availableParallelism(),
    projects: [
      // The engine through its API, the games, the docs' examples: no process, no socket, no browser. The files share
      // one worker's modules (no test changes what another imports), so the sources load once, not once a file.
      project('unit', ['table', 'turns', 'games', 'authoring', 'conformance', 'docs', 'architecture'], {
        isolate: false,
      }),
      // Model-based paths, property tests, the fast path beside the chart, the bots' searches, the benchmark's smoke run,
      // the checker and its mutants, and the seeded fuzz targets for a short budget (`npm run fuzz` runs them longer).
      // These load the same sources as unit, and share a worker's modules the same way: a project of their own each
      // cost a vite server and a load of the sources a worker.
      project('engine', ['model', 'property', 'fast', 'bots', 'bench', 'verify', 'fuzz'], { isolate: false }),
      // The CLI in process and as a child, and the inspector's relay and servers, in one project: these share modules
      // the same way (a test's servers and files are its own, nothing a module holds carries over).
      project('cli', ['cli', 'inspect'], { isolate: false }),
      // The servers' tests too: each server a test starts is its own (its store, port and clocks), so the modules can be
      // shared; that took a sixth off the project's time.
      project('server', ['server'], { globalSetup: ['test/server/support/globalPostgres.ts'], isolate: false }),
      // The tests that drive a page, in one project with one Chromium, started by its global setup: the inspector's,
      // and the packed package's (a page built on it). Two projects cost a Chromium and a vite server more: the two
      // folders took 211, 224 and 181 CPU-s as one project where 243, 219 and 192 as two (alternated pairs).
      // A page hears a followed server table through the relay's socket: on a loaded 2-core machine that took over the
      // second `expect.poll` waits by default. A poll ends as soon as it holds, so waiting longer costs a passing test nothing.
      project('browser', ['browser', 'package'], {
        globalSetup: ['test/browser/support/globalChromium.ts'],
        expect: { poll: { timeout: 5_000 } },
      }),
    ],
  },
});
