/**
 * `plystack serve` as a real child process (the built CLI), for tests that kill
 * it or run several: resolves once it prints `listening on URL`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../../../dist/cli/main.js', import.meta.url));

/** A server process. */
export interface ServerProcess {
  readonly url: string;
  /** The line saying it listens: `listening on URL · games: …`. */
  readonly listening: string;
  readonly child: ChildProcess;
  /** What it wrote on stderr so far. */
  stderr(): string;
  /** Ends it with SIGKILL (no chance to flush or close anything) and waits for it to be gone. */
  kill9(): Promise<void>;
  /** Ends it with SIGTERM and waits. */
  stop(): Promise<void>;
}

/**
 * Starts `plystack serve --port 0 ARGS…` and waits for it to listen (60 s at most, unless told).
 *
 * @example
 * const server = await spawnServer(['--database', url])
 */
export function spawnServer(
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
  listenWithinMs = 60_000,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [cli, 'serve', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let err = '';
  child.stderr!.on('data', (chunk) => (err += String(chunk)));
  // A test run that ends before stopping it leaves no server behind.
  const orphan = () => child.kill('SIGKILL');
  process.once('exit', orphan);
  const gone = new Promise<void>((resolve) =>
    child.once('exit', () => {
      process.off('exit', orphan);
      resolve();
    }),
  );
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await gone;
  };
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`plystack serve did not listen within ${listenWithinMs / 1000} s: ${err}`));
    }, listenWithinMs);
    child.stdout!.on('data', (chunk) => {
      out += String(chunk);
      const match = /listening on (\S+)[^\n]*/.exec(out);
      if (match && out.includes('\n', match.index)) {
        clearTimeout(timer);
        resolve({
          url: match[1]!,
          listening: match[0],
          child,
          stderr: () => err,
          kill9: () => end('SIGKILL'),
          stop: () => end('SIGTERM'),
        });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`plystack serve exited with ${code} before listening: ${err}`));
    });
  });
}
