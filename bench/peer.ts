/**
 * `npm run bench:peer`: whole-process `mcpdesc validate` against the peer's schema-only check
 * (`mcpcontract validate`) on the same generated content, JSON and YAML, with peak RSS, in
 * alternating rounds. For a developer's machine, not CI: the peer is not a dependency. It is
 * found as `MCPCONTRACT` (the path of its JavaScript entry) or as `mcpcontract` on the PATH;
 * when it is absent the script says so and exits 0.
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
    'mcpcontract is not installed: nothing to compare. Install it (npm install --global mcpcontract) or set MCPCONTRACT to its entry script, then rerun.',
  );
  process.exit(0);
}

const bin = fileURLToPath(new URL('../../packages/cli/dist/bin/mcpdesc.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-peer-'));
const document = generateDescription(tools);
console.log(`${availableParallelism()} CPUs, Node ${process.version}, ${new Date().toISOString()}, ${loadLine()}`);
console.log(`peer: ${peer}; ${tools} tools, ${rounds} alternating rounds\n`);
console.log('| format | what | median wall ms | peak RSS MB | ratio to the peer |');
console.log('|---|---|---:|---:|---:|');
for (const format of ['json', 'yaml'] as const) {
  const file = join(dir, `generated.mcpdesc.${format}`);
  writeFileSync(file, serializeDescription(document, { format }));
  const figures = alternate(
    [
      { name: 'mcpcontract validate (schema only)', args: [peer, 'validate', file] },
      { name: 'mcpdesc validate (full)', args: [bin, 'validate', file] },
    ],
    rounds,
    true,
  );
  const reference = figures[0]!;
  for (const f of figures) {
    console.log(
      `| ${format} | ${f.name} | ${f.wall.toFixed(0)} | ${f.rss?.toFixed(0) ?? '?'} | ${(f.wall / reference.wall).toFixed(2)}x |`,
    );
  }
}
console.log(`\n(${loadLine()})`);
