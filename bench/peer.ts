/**
 * `npm run bench:peer`: whole-process `mcpdesc validate` against the peer's schema-only check
 * (`mcpcontract validate`) on the same generated content, JSON and YAML, with peak RSS, in
 * alternating rounds, and peak RSS per input byte (the target: at most 10 for JSON). For
 * a developer's machine, not CI: the peer is not a dependency. It is found as `MCPCONTRACT` (the
 * path of its JavaScript entry) or as `mcpcontract` on the PATH; when it is absent the script
 * says so and measures mcpdesc alone.
 *
 * `node dist/bench/peer.js [TOOLS] [ROUNDS]` (default 10000 tools, 5 rounds).
 */
import { existsSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serializeDescription } from 'mcpdesc-core/internal/source/index.js';
import { generateDescription } from './generate.js';
import { alternate, loadLine } from './processes.js';

/** The peer's JavaScript entry, or undefined when it is not installed. */
function findPeer(): string | undefined {
  const given = process.env.MCPCONTRACT;
  if (given) return existsSync(given) ? realpathSync(given) : undefined;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, 'mcpcontract');
    if (dir && existsSync(candidate)) return realpathSync(candidate);
  }
  return undefined;
}

const tools = Number(process.argv[2] ?? 10000);
const rounds = Number(process.argv[3] ?? 5);
const peer = findPeer();
if (peer === undefined) {
  console.log(
    'mcpcontract is not installed: mcpdesc alone is measured. Install it (npm install --global mcpcontract) or set MCPCONTRACT to its entry script to compare.\n',
  );
}

const bin = fileURLToPath(new URL('../../packages/cli/dist/bin/mcpdesc.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-peer-'));
const document = generateDescription(tools);
console.log(`${availableParallelism()} CPUs, Node ${process.version}, ${new Date().toISOString()}, ${loadLine()}`);
console.log(`peer: ${peer ?? 'none'}; ${tools} tools, ${rounds} alternating rounds\n`);
console.log(
  '| format | what | input MB | median wall ms | peak RSS MB | RSS bytes per input byte | ratio to the peer |',
);
console.log('|---|---|---:|---:|---:|---:|---:|');
for (const format of ['json', 'yaml'] as const) {
  const file = join(dir, `generated.mcpdesc.${format}`);
  const text = serializeDescription(document, { format });
  writeFileSync(file, text);
  const inputMB = Buffer.byteLength(text) / 2 ** 20;
  const figures = alternate(
    [
      ...(peer === undefined ? [] : [{ name: 'mcpcontract validate (schema only)', args: [peer, 'validate', file] }]),
      { name: 'mcpdesc validate (full)', args: [bin, 'validate', file] },
    ],
    rounds,
    true,
  );
  const reference = figures[0]!;
  for (const f of figures) {
    const perByte = f.rss === undefined ? '?' : (f.rss / inputMB).toFixed(1);
    const ratio = peer === undefined ? '-' : `${(f.wall / reference.wall).toFixed(2)}x`;
    console.log(
      `| ${format} | ${f.name} | ${inputMB.toFixed(1)} | ${f.wall.toFixed(0)} | ${f.rss?.toFixed(0) ?? '?'} | ${perByte} | ${ratio} |`,
    );
  }
}
console.log(`\n(${loadLine()})`);
