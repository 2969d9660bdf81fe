/**
 * `plystack inspect [--port N] [--host H] [--demo]`: serves the visual
 * inspector and the relay that carries remote tables to it, until stopped.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startDemoTable } from '../inspect/demoTable.js';
import { DEFAULT_INSPECT_PORT } from '../inspect/protocol.js';
import { parseOrigins, startRelay } from '../inspect/relay.js';
import { type Command, EXIT } from './commands.js';

/** The page `npm run inspector:build` writes, beside the compiled CLI. */
const builtPage = fileURLToPath(new URL('../visualizer/', import.meta.url));

export const inspectCommand: Command = {
  name: 'inspect',
  description:
    'Serves the visual inspector on this machine, with a relay for tables inspected from other programs (inspectTable).',
  positionals: '',
  options: {
    port: {
      type: 'string',
      value: 'N',
      description: `the port of the page and the relay (default ${DEFAULT_INSPECT_PORT}; 0 picks a free one)`,
    },
    host: {
      type: 'string',
      value: 'H',
      description: 'the interface to listen on (default 127.0.0.1: this machine only)',
    },
    demo: { type: 'boolean', description: 'also inspect a mundane table that plays itself, as a remote table' },
    page: { type: 'string', value: 'DIR', description: 'serve the inspector page from DIR (default: the built one)' },
    'allow-origin': {
      type: 'string',
      value: 'ORIGINS',
      description:
        'also let pages and apps from these origins connect (comma-separated, e.g. http://localhost:5173; * for any)',
    },
  },
  async run({ positionals, values }, io) {
    if (positionals.length > 0) return (io.err('inspect takes no file or game'), EXIT.invalid);
    const rawPort = values.port ?? String(DEFAULT_INSPECT_PORT);
    const port =
      typeof rawPort === 'string' && /^\d{1,5}$/.test(rawPort) && Number(rawPort) <= 65535 ? Number(rawPort) : null;
    if (port === null) return (io.err('--port: a port number from 0 to 65535'), EXIT.invalid);
    const pageDir = typeof values.page === 'string' ? values.page : builtPage;
    if (!existsSync(`${pageDir}/index.html`)) {
      io.err(`--page: no inspector page in ${pageDir}: build it with npm run inspector:build`);
      return EXIT.invalid;
    }
    const host = typeof values.host === 'string' ? values.host : '127.0.0.1';
    let allowOrigins: string[] = [];
    try {
      allowOrigins = typeof values['allow-origin'] === 'string' ? parseOrigins(values['allow-origin'].split(',')) : [];
    } catch (error) {
      return (io.err(`--allow-origin: ${(error as Error).message}`), EXIT.invalid);
    }
    const start = (on: number) => startRelay({ port: on, host, pageDir, allowOrigins });
    let relay;
    let fallback: string | null = null;
    try {
      relay = await start(port).catch(async (error: NodeJS.ErrnoException) => {
        // The default port taken (another inspector, say): the next free one will do, unless the user asked for that one.
        if (error.code !== 'EADDRINUSE' || values.port !== undefined) throw error;
        for (let next = port + 1; next <= Math.min(port + 10, 65535); next++) {
          try {
            const found = await start(next);
            fallback = `port ${port} is taken (another inspector?); took port ${next} instead`;
            return found;
          } catch (again) {
            if ((again as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw again;
          }
        }
        const found = await start(0);
        fallback = `ports ${port} to ${Math.min(port + 10, 65535)} are taken; took port ${found.port} instead`;
        return found;
      });
    } catch (error) {
      const taken = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
      io.err(
        taken
          ? `--port: ${port} is taken; give another with --port N (0 picks a free one)`
          : `--host: ${(error as Error).message}`,
      );
      return EXIT.invalid;
    }
    const demo = values.demo === true ? startDemoTable({ url: relay.appUrl }) : null;
    const local =
      host === '127.0.0.1' || host === 'localhost' ? relay.url.replace('127.0.0.1', 'localhost') : relay.url;
    if (fallback !== null) io.out(fallback);
    io.out(`plystack inspector: ${local}`);
    io.out(`  open it in a browser; remote tables: inspectTable(table, { url: '${relay.appUrl}' })`);
    if (demo !== null)
      io.out(
        '  demo: a mundane table plays itself as a remote table; the page opens with a table you play by clicking',
      );
    io.out('  Ctrl+C stops it');
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    await demo?.stop();
    await relay.close();
    return EXIT.ok;
  },
};
