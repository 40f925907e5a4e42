/**
 * `npm run bench:startup`: start-up of `mcpdesc validate` and `mcpdesc lint` on a one-tool
 * document against `node -e 0`, in alternating rounds (medians). Rounds: the first argument
 * (default 21); a second argument names another build's `bin.js` (say, of the main branch) to
 * run in the same rounds.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDescription } from './generate.js';
import { alternate, loadLine } from './processes.js';

const rounds = Number(process.argv[2] ?? 21);
const bin = fileURLToPath(new URL('../../packages/cli/dist/bin/mcpdesc.js', import.meta.url));
const file = join(mkdtempSync(join(tmpdir(), 'mcpdesc-startup-')), 'one.mcpdesc.json');
writeFileSync(file, JSON.stringify(generateDescription(1), null, 2));

console.log(`${availableParallelism()} CPUs, Node ${process.version}, ${new Date().toISOString()}, ${loadLine()}`);
const other = process.argv[3];
const figures = alternate(
  [
    { name: 'node -e 0', args: ['-e', '0'] },
    { name: 'mcpdesc validate (one tool)', args: [bin, 'validate', file] },
    { name: 'mcpdesc lint (one tool)', args: [bin, 'lint', file] },
    { name: 'mcpdesc --version', args: [bin, '--version'] },
    ...(other === undefined
      ? []
      : [
          { name: `${other}: validate (one tool)`, args: [other, 'validate', file] },
          { name: `${other}: lint (one tool)`, args: [other, 'lint', file] },
        ]),
  ],
  rounds,
  false,
);
const baseline = figures[0]!.wall;
console.log(`| what | median ms | ratio to node -e 0 |\n|---|---:|---:|`);
for (const f of figures) console.log(`| ${f.name} | ${f.wall.toFixed(0)} | ${(f.wall / baseline).toFixed(2)}x |`);
console.log(`(${rounds} rounds; ${loadLine()})`);
