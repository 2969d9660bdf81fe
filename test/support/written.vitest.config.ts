/**
 * The vitest config of the test files a test writes under test-output/ and runs in a child vitest (`plystack paths`'
 * and `plystack verify --tests`' output): every test file under `--dir`. The repository's vitest.config.ts runs test/
 * by projects, which these files are in none of.
 *
 * @example
 * npx vitest run test-output/test/x.test.ts --root . --config test/support/written.vitest.config.ts --dir test-output
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { include: ['**/*.test.ts'] } });
