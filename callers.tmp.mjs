import { readFileSync } from 'node:fs';
const [file, name, depth='6'] = process.argv.slice(2);
const prof = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const counts = new Map(); const dt = prof.timeDeltas; const hits = new Map();
prof.samples.forEach((s, i) => hits.set(s, (hits.get(s) ?? 0) + (dt[i] ?? 0)));
for (const n of prof.nodes) {
  if (n.callFrame.functionName !== name) continue;
  const t = hits.get(n.id) ?? 0; if (!t) continue;
  const chain = []; let p = parent.get(n.id);
  while (p !== undefined && chain.length < Number(depth)) { const f = byId.get(p).callFrame; chain.push(`${f.functionName}@${f.url.split('/').slice(-2).join('/')}:${f.lineNumber}`); p = parent.get(p); }
  const k = chain.join(' < '); counts.set(k, (counts.get(k) ?? 0) + t);
}
[...counts].sort((a, b) => b[1] - a[1]).slice(0, 12).forEach(([k, v]) => console.log((v / 1000).toFixed(0), 'ms', k));
