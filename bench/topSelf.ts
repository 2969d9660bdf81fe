/**
 * Reads a V8 .cpuprofile (`node --cpu-prof`) and prints the functions with
 * the most self time, and the most total (inclusive) time, with their file
 * and line. `--filter=TEXT` keeps only frames whose URL contains TEXT.
 *
 *   node bench/.build/bench/topSelf.js profile.cpuprofile [--top=30] [--filter=src/]
 */
import { readFileSync } from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const file = process.argv[2];
if (file === undefined) throw new Error('usage: topSelf <file.cpuprofile> [--top=N] [--filter=TEXT]');
const top = Number(process.argv.find((a) => a.startsWith('--top='))?.slice(6) ?? 30);
const filter = process.argv.find((a) => a.startsWith('--filter='))?.slice(9);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

// Self time per node from the samples and their time deltas.
const selfUs = new Map<number, number>();
for (const [i, id] of profile.samples.entries()) selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const short = (url: string) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/^.*node_modules\//, '')
    .replace(/^.*\/bench\/\.build\//, '');
const key = (f: CallFrame) => `${f.functionName || '(anonymous)'}  ${short(f.url)}:${f.lineNumber + 1}`;
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

const self = new Map<string, number>();
const inclusive = new Map<string, number>();
for (const [id, us] of selfUs) {
  const node = byId.get(id) as ProfileNode;
  self.set(key(node.callFrame), (self.get(key(node.callFrame)) ?? 0) + us);
  // Inclusive: every distinct function on the stack gets the sample once.
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const k = key((byId.get(at) as ProfileNode).callFrame);
    if (!seen.has(k)) inclusive.set(k, (inclusive.get(k) ?? 0) + us);
    seen.add(k);
  }
}
const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title} (of ${(total / 1000).toFixed(0)} ms sampled)`);
  [...map]
    .filter(([k]) => filter === undefined || k.includes(filter))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .forEach(([k, us]) => {
      console.log(`${((us / total) * 100).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(6)} ms  ${k}`);
    });
};
print('self time', self);
print('total time', inclusive);
