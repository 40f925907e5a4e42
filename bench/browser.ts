/**
 * `npm run bench:browser`: validate in headless Chromium (the core bundled with esbuild, served
 * under `script-src 'self'`) against validate in Node, on the official examples and a generated
 * 1k-tool document; median ms per validation, after warm-up runs. Not a timed test: figures go
 * to bench/RESULTS.md. Rounds: the first argument (default 15).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { createSchemaService, validate } from 'mcpdesc-core';
import { bundleCore, validateEntry } from '../test/browser/bundle.js';
import { pageHtml, servePages, violationRecorder } from '../test/browser/csp-server.js';
import { sharedRoot } from '../test/helpers/paths.js';
import { chromiumLaunch, chromiumSkip } from '../test/render/chromium.js';
import { generateDescription } from './generate.js';
import { loadLine, median } from './processes.js';

const rounds = Number(process.argv[2] ?? 15);
const warmup = 3;

const examplesDir = join(sharedRoot, 'conformance', 'mcpdesc-0.8.0', 'examples');
const documents = [
  ...readdirSync(examplesDir)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort()
    .map((name) => ({ name, text: readFileSync(join(examplesDir, name), 'utf8') })),
  { name: 'generated 1k tools (JSON)', text: JSON.stringify(generateDescription(1000), null, 2) },
];

/** The page's timing loop; the same loop runs in Node below. */
const benchModule = `import { validate, createSchemaService } from '/core.js';
window.timeValidate = (text, name, warmup, rounds, inner) => {
  const times = [];
  for (let i = 0; i < warmup + rounds; i++) {
    const started = performance.now();
    for (let k = 0; k < inner; k++) {
      const result = validate(text, { filename: name, schemas: createSchemaService() });
      if (!result.valid) throw new Error(name + ' is not valid');
    }
    if (i >= warmup) times.push((performance.now() - started) / inner);
  }
  return times;
};
document.getElementById('status').textContent = 'done';
`;

/**
 * Validations per timed sample: small documents are timed in batches, since a page's clock is
 * coarsened (to 0.1 ms without cross-origin isolation).
 */
const innerOf = (text: string): number => (text.length < 100_000 ? 50 : 1);

function timeInNode(text: string, name: string, inner: number): number[] {
  const times: number[] = [];
  for (let i = 0; i < warmup + rounds; i++) {
    const started = performance.now();
    for (let k = 0; k < inner; k++) {
      const result = validate(text, { filename: name, schemas: createSchemaService() });
      if (!result.valid) throw new Error(`${name} is not valid`);
    }
    if (i >= warmup) times.push((performance.now() - started) / inner);
  }
  return times;
}

if (chromiumSkip) {
  console.error(`bench:browser: ${chromiumSkip}`);
  process.exit(2);
}
const bundle = await bundleCore(validateEntry);
const server = await servePages({
  '/': pageHtml('/bench.js'),
  '/record-violations.js': violationRecorder,
  '/core.js': bundle.code,
  '/bench.js': benchModule,
});
const browser = await chromiumLaunch();
try {
  const page = await browser.newPage();
  await page.goto(server.origin + '/');
  await page.locator('#status', { hasText: 'done' }).waitFor();
  console.log(
    `${availableParallelism()} CPUs, Node ${process.version}, Chromium ${browser.version()}, ${new Date().toISOString()}, ${loadLine()}`,
  );
  console.log(`validate bundle: ${bundle.bytes} bytes minified, ${bundle.gzipBytes} gzipped`);
  console.log(
    '| document | bytes | Chromium median ms | Node median ms | Chromium / Node |\n|---|---:|---:|---:|---:|',
  );
  for (const { name, text } of documents) {
    const inner = innerOf(text);
    const inBrowser = (await page.evaluate(
      ([t, n, w, r, k]) =>
        (
          globalThis as unknown as {
            timeValidate: (t: string, n: string, w: number, r: number, k: number) => number[];
          }
        ).timeValidate(t, n, w, r, k),
      [text, name, warmup, rounds, inner] as const,
    )) as number[];
    const inNode = timeInNode(text, name, inner);
    const b = median(inBrowser);
    const n = median(inNode);
    console.log(`| ${name} | ${text.length} | ${b.toFixed(2)} | ${n.toFixed(2)} | ${(b / n).toFixed(2)}x |`);
  }
  const violations = await page.evaluate('window.cspViolations');
  console.log(
    `(${rounds} samples after ${warmup} warm-up ones; a sample times 50 validations of an example, 1 of the 1k-tool document; CSP violations: ${JSON.stringify(violations)}; ${loadLine()})`,
  );
} finally {
  await browser.close();
  await server.close();
}
