// `npm run fuzz -- --cases N --seed S`: the seeded mutation fuzzer of test/hostile/fuzzer.ts on the built tree.
// Prints progress on stderr and a JSON summary on stdout; exits 1 when it finds anything.
import { parseArgs } from 'node:util';
import { runFuzz } from '../dist/test/hostile/fuzzer.js';

const { values } = parseArgs({
  options: { cases: { type: 'string', default: '10000' }, seed: { type: 'string', default: '1' } },
});
const cases = Number(values.cases);
const seed = Number(values.seed);
if (!Number.isSafeInteger(cases) || cases < 1 || !Number.isSafeInteger(seed)) {
  console.error('usage: npm run fuzz -- --cases N --seed S (positive integers)');
  process.exit(2);
}
const summary = runFuzz({
  cases,
  seed,
  progressEvery: 1000,
  progress: (done, findings) => console.error(`${done}/${cases} cases, ${findings} findings`),
});
console.log(JSON.stringify(summary, null, 2));
process.exit(summary.findings.length === 0 ? 0 : 1);
