/**
 * The core, bundled for the browser, validates and lints every official example in headless
 * Chromium under `Content-Security-Policy: script-src 'self'` with exactly Node's diagnostics,
 * and without one CSP violation. A control page proves the violation recorder works: ajv's
 * run-time compiler, and an inline script, are refused and recorded there.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { createSchemaService, lint, validate, type Diagnostic } from 'mcpdesc-core';
import { sharedRoot } from '../helpers/paths.js';
import { chromiumLaunch, chromiumSkip } from '../render/chromium.js';
import { bundleCore, validateLintEntry } from './bundle.js';
import { pageHtml, servePages, violationRecorder, type PageServer } from './csp-server.js';

const examplesDir = join(sharedRoot, 'conformance', 'mcpdesc-0.8.0', 'examples');
const examples = readdirSync(examplesDir)
  .filter((f) => /\.(json|ya?ml)$/.test(f))
  .sort()
  .map((name) => ({ name, text: readFileSync(join(examplesDir, name), 'utf8') }));

interface Finding {
  rule: string;
  code: string | null;
  severity: string;
  pointer: string;
  range: unknown;
  message: string;
}
interface DocumentFindings {
  name: string;
  validate: Finding[];
  lint: Finding[];
}

/** The compared fields of a diagnostic (the same projection runs in the page). */
function finding(d: Diagnostic): Finding {
  return {
    rule: d.rule,
    code: d.code ?? null,
    severity: d.severity,
    pointer: d.pointer,
    range: d.range ?? null,
    message: d.message,
  };
}

/** The page's module: validates and lints each document as Node does below, then reports. */
const runModule = `import { validate, lint, createSchemaService } from '/core.js';
const finding = (d) => ({ rule: d.rule, code: d.code ?? null, severity: d.severity, pointer: d.pointer, range: d.range ?? null, message: d.message });
try {
  const documents = await (await fetch('/documents.json')).json();
  window.results = documents.map(({ name, text }) => ({
    name,
    validate: validate(text, { filename: name, schemas: createSchemaService() }).diagnostics.map(finding),
    lint: lint(text, { filename: name, schemas: createSchemaService() }).diagnostics.map(finding),
  }));
} catch (e) {
  window.runError = String(e && e.stack || e);
}
// Let any queued securitypolicyviolation event be dispatched before the test reads the record.
setTimeout(() => { document.getElementById('status').textContent = 'done'; }, 50);
`;

/** The control: ajv's compiler (what the core used at run time before) compiles with new Function. */
const controlModule = `import Ajv from 'ajv/dist/2020.js';
try {
  new Ajv().compile({ type: 'string' });
  window.controlOutcome = 'compiled';
} catch (e) {
  window.controlOutcome = e instanceof EvalError ? 'EvalError' : String(e);
}
setTimeout(() => { document.getElementById('status').textContent = 'done'; }, 50);
`;

let browser: Browser;
let server: PageServer;

before(async () => {
  if (chromiumSkip) return;
  const core = await bundleCore(validateLintEntry);
  const control = await bundleCore(controlModule);
  server = await servePages({
    '/': pageHtml('/run.js'),
    '/control.html': pageHtml('/control.js').replace(
      '</body>',
      // Refused by the policy: the control also proves inline scripts are caught.
      '<script>window.inlineRan = true;</script></body>',
    ),
    '/record-violations.js': violationRecorder,
    '/core.js': core.code,
    '/run.js': runModule,
    '/control.js': control.code,
    '/documents.json': JSON.stringify(examples),
  });
  browser = await chromiumLaunch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** Opens a page of the server; page errors and console errors are collected. */
async function open(path: string): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${String(e)}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  await page.goto(server.origin + path);
  // A locator, not waitForFunction: Playwright evaluates a predicate string with eval, which the policy refuses.
  await page.locator('#status', { hasText: 'done' }).waitFor({ timeout: 60_000 });
  return { page, problems };
}

test(
  "core in Chromium under script-src 'self': validate and lint of every official example equal Node's, no CSP violation",
  { skip: chromiumSkip, timeout: 120_000 },
  async () => {
    assert.equal(examples.length, 8, 'the eight official examples');
    const { page, problems } = await open('/');
    assert.equal(await page.evaluate('window.runError'), undefined);
    const inBrowser = (await page.evaluate('window.results')) as DocumentFindings[];
    const inNode: DocumentFindings[] = examples.map(({ name, text }) => ({
      name,
      validate: validate(text, { filename: name, schemas: createSchemaService() }).diagnostics.map(finding),
      lint: lint(text, { filename: name, schemas: createSchemaService() }).diagnostics.map(finding),
    }));
    assert.ok(
      inNode.some((d) => d.lint.length > 0),
      'lint reports findings on the examples, so the comparison compares diagnostics',
    );
    assert.deepEqual(inBrowser, inNode);
    assert.deepEqual(await page.evaluate('window.cspViolations'), []);
    assert.deepEqual(problems, []);
    await page.close();
  },
);

test(
  "control: under the same policy, ajv's run-time compile and an inline script are refused and recorded",
  { skip: chromiumSkip, timeout: 60_000 },
  async () => {
    const { page } = await open('/control.html');
    assert.equal(await page.evaluate('window.controlOutcome'), 'EvalError');
    assert.equal(await page.evaluate('window.inlineRan'), undefined);
    const violations = (await page.evaluate('window.cspViolations')) as { directive: string; blocked: string }[];
    assert.ok(
      violations.some((v) => v.blocked === 'eval'),
      `the eval violation is recorded: ${JSON.stringify(violations)}`,
    );
    assert.ok(
      violations.some((v) => v.blocked === 'inline'),
      `the inline-script violation is recorded: ${JSON.stringify(violations)}`,
    );
    await page.close();
  },
);
