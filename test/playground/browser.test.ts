/**
 * The playground page in headless Chromium, loaded from a file:// URL under its own strict CSP:
 * typing, diagnostics and jumping to them, presets, conversion, the docs preview and the
 * Effective Protocol View, all computed in the page. Any CSP violation, script error, dialog or
 * request leaving the file fails the test.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { project } from 'mcpdesc-core/internal/operations/project.js';
import { parseDescription, serializeDescription } from 'mcpdesc-core/internal/source/index.js';
import { exampleDescription } from 'mcpdesc-toolkit/internal/playground/example.js';
import { runCli } from '../helpers/cli.js';
import { repoRoot } from '../helpers/paths.js';
import { chromiumLaunch, chromiumSkip } from '../render/chromium.js';
import { bundlePlayground } from './bundle.js';

const outputDir = join(repoRoot, 'test-output');
let browser: Browser;

before(async () => {
  bundlePlayground();
  if (chromiumSkip) return;
  mkdirSync(outputDir, { recursive: true });
  browser = await chromiumLaunch();
});
after(async () => {
  await browser?.close();
});

/** Writes the page the CLI makes for `text` (none: the example) and opens it, collecting every problem. */
async function openPlayground(name: string, text?: string): Promise<{ page: Page; problems: string[] }> {
  const run = await runCli(text === undefined ? ['playground'] : ['playground', 'doc.yaml'], {
    files: text === undefined ? {} : { 'doc.yaml': text },
  });
  assert.equal(run.code, 0, run.stderr);
  const file = join(outputDir, name);
  writeFileSync(file, run.stdout);
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${String(e)}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text().slice(0, 300)}`);
  });
  page.on('request', (r) => {
    if (!r.url().startsWith('file:') && !r.url().startsWith('about:')) problems.push(`request: ${r.url()}`);
  });
  page.on('dialog', (d) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  await context.addInitScript(
    'document.addEventListener("securitypolicyviolation", (e) => console.error("CSP violation: " + e.violatedDirective + " " + e.blockedURI));',
  );
  await page.goto(pathToFileURL(file).href);
  await until(page, 'the first check', async () => /^(JSON|YAML) · /.test((await page.textContent('#status')) ?? ''));
  return { page, problems };
}

/** Polls `condition` (the page checks after a typing pause) for up to 10 s. */
async function until(page: Page, what: string, condition: () => Promise<boolean>): Promise<void> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    if (await condition()) return;
    await page.waitForTimeout(50);
  }
  assert.fail(`timed out waiting for ${what}; status: ${await page.textContent('#status')}`);
}

interface Listed {
  severity: string;
  at: string;
  message: string;
  rule: string;
}

const listed = (page: Page): Promise<Listed[]> =>
  page.$$eval('#diagnostics li.diagnostic', (items) =>
    items.map((item) => ({
      severity: item.querySelector('.severity')?.textContent ?? '',
      at: item.querySelector('.at')?.textContent ?? '',
      message: item.querySelector('.message')?.textContent ?? '',
      rule: item.querySelector('.rule')?.textContent ?? '',
    })),
  );

/** What the tests use of a <textarea> (the tests compile without the DOM's types). */
interface TextArea {
  value: string;
  selectionStart: number;
  selectionEnd: number;
  focus(): void;
  setSelectionRange(start: number, end: number): void;
}

const editorValue = (page: Page): Promise<string> => page.$eval('#editor', (e) => (e as unknown as TextArea).value);

/** Puts the caret (or a selection) in the editor at offsets of its text. */
const placeCaret = (page: Page, start: number, end = start): Promise<void> =>
  page.$eval(
    '#editor',
    (e, [s, f]) => {
      (e as unknown as TextArea).focus();
      (e as unknown as TextArea).setSelectionRange(s!, f!);
    },
    [start, end],
  );

const lint = 'lint.tool.description/property-missing-description';

test(
  'type an error: it is listed at its line; clicking it selects its range; fixing it clears it',
  { skip: chromiumSkip, timeout: 120_000 },
  async () => {
    const { page, problems } = await openPlayground('playground-typing.html');
    assert.equal(await editorValue(page), exampleDescription);
    assert.deepEqual(
      (await listed(page)).map((d) => `${d.severity} ${d.at} ${d.rule}`),
      [`warning 31:9 ${lint}`],
    );
    assert.equal(await page.textContent('#status'), 'YAML · valid');

    const afterVersion = exampleDescription.indexOf('version: 1.0.0') + 'version: 1.0.0'.length;
    await placeCaret(page, afterVersion);
    await page.keyboard.type('\n  colour: blue');
    await until(page, 'the error', async () => (await listed(page)).some((d) => d.severity === 'error'));
    const [error] = (await listed(page)).filter((d) => d.severity === 'error');
    assert.equal(error!.at, '6:3', 'the line typed, the column of the key');
    assert.equal(error!.rule, 'mcpdesc.document.schema/unknown-property');
    assert.match(error!.message, /unknown property "colour" on the Info Object/);
    assert.equal(await page.textContent('#status'), 'YAML · 1 error');
    // The line numbers follow the text.
    assert.equal(
      (await page.textContent('#gutter'))!.trim().split('\n').length,
      exampleDescription.split('\n').length + 1,
    );
    // Invalid now: the preview keeps the last valid version and says so.
    assert.equal(await page.isVisible('#preview-note'), true);

    await page.click('#diagnostics li.error button');
    const selection = await page.$eval('#editor', (e) => ({
      selected: (e as unknown as TextArea).value.slice(
        (e as unknown as TextArea).selectionStart,
        (e as unknown as TextArea).selectionEnd,
      ),
      before: (e as unknown as TextArea).value.slice(0, (e as unknown as TextArea).selectionStart),
    }));
    assert.equal(await page.evaluate('document.activeElement && document.activeElement.id'), 'editor');
    assert.equal(selection.selected, 'colour');
    assert.equal(selection.before.split('\n').length, 6, 'on line 6');
    assert.equal(selection.before.split('\n').at(-1), '  ', 'at column 3');
    assert.equal(await page.textContent('#caret'), 'Ln 6, Col 3');

    // Fix it: delete the typed line.
    await placeCaret(page, afterVersion, afterVersion + '\n  colour: blue'.length);
    await page.keyboard.press('Backspace');
    await until(page, 'the error to go', async () => !(await listed(page)).some((d) => d.severity === 'error'));
    assert.equal(await editorValue(page), exampleDescription);
    assert.deepEqual(
      (await listed(page)).map((d) => `${d.severity} ${d.at}`),
      ['warning 31:9'],
    );
    assert.equal(await page.isVisible('#preview-note'), false);
    assert.deepEqual(problems, []);
  },
);

test('presets: validate-only, recommended, strict, directory', { skip: chromiumSkip, timeout: 120_000 }, async () => {
  const { page, problems } = await openPlayground('playground-presets.html');
  const shown = async (): Promise<string[]> => (await listed(page)).map((d) => `${d.severity} ${d.rule}`);
  await page.selectOption('#check', 'validate');
  await until(page, 'validate-only', async () => (await shown()).length === 0);
  assert.equal(await page.textContent('#diagnostic-count'), 'none');
  await page.selectOption('#check', 'strict');
  await until(page, 'strict', async () => (await shown()).length > 0);
  assert.deepEqual(await shown(), [`error ${lint}`]);
  // A lint error is no validation error: the preview stays current.
  assert.equal(await page.isVisible('#preview-note'), false);
  await page.selectOption('#check', 'directory');
  await until(page, 'directory', async () => (await shown())[0]?.startsWith('warning') === true);
  assert.deepEqual(await shown(), [`warning ${lint}`]);
  await page.selectOption('#check', 'recommended');
  await until(page, 'recommended', async () => (await shown()).length === 1);
  assert.deepEqual(await shown(), [`warning ${lint}`]);
  assert.deepEqual(problems, []);
});

test('convert to JSON and back to YAML: the same document', { skip: chromiumSkip, timeout: 120_000 }, async () => {
  const { page, problems } = await openPlayground('playground-convert.html');
  const original = parseDescription(exampleDescription, {}).document;
  await page.click('#to-json');
  const json = await editorValue(page);
  assert.equal(json, serializeDescription(original, { format: 'json' }), "the core's serializer");
  assert.equal(await page.textContent('#status'), 'Converted to JSON');
  await page.click('#to-yaml');
  const yaml = await editorValue(page);
  assert.equal(yaml, serializeDescription(original, { format: 'yaml' }));
  assert.deepEqual(parseDescription(yaml, { format: 'yaml' }).document, original);
  await until(page, 'the check of the YAML', async () => (await listed(page)).length === 1);
  assert.equal((await listed(page))[0]!.rule, lint);

  // Text that does not decode is not converted.
  await placeCaret(page, 0);
  await page.keyboard.type('{');
  await page.click('#to-json');
  assert.match((await page.textContent('#status'))!, /^Cannot convert: the text does not decode/);
  assert.equal((await editorValue(page))[0], '{', 'the text is left as it was');
  assert.deepEqual(problems, []);
});

test('the preview is the docs page, live, with its own script', { skip: chromiumSkip, timeout: 120_000 }, async () => {
  const { page, problems } = await openPlayground('playground-preview.html');
  const frame = page.frameLocator('#preview');
  await frame.locator('#page-title').waitFor();
  assert.equal(await frame.locator('#page-title').textContent(), 'Weather Forecasts');
  // The docs page's own script runs in the sandboxed frame (its hash is in the inherited policy).
  assert.equal(await frame.locator('#filter-status').textContent(), '2 of 2 entries shown');
  await frame.locator('#search').fill('alerts');
  assert.equal(await frame.locator('#filter-status').textContent(), '1 of 2 entries shown');

  const title = exampleDescription.indexOf('Weather Forecasts');
  await placeCaret(page, title, title + 'Weather'.length);
  await page.keyboard.type('Rain');
  await until(
    page,
    'the new title',
    async () => (await frame.locator('#page-title').textContent()) === 'Rain Forecasts',
  );
  assert.deepEqual(problems, []);
});

test(
  'the revision picker shows the Effective Protocol View of each revision',
  { skip: chromiumSkip, timeout: 120_000 },
  async () => {
    const { page, problems } = await openPlayground('playground-view.html');
    await page.click('#tab-view');
    assert.equal(await page.isVisible('#panel-view'), true);
    assert.equal(await page.isVisible('#panel-preview'), false);
    const options = await page.$$eval('#revision option', (list) =>
      list.map((o) => (o as unknown as { value: string }).value),
    );
    assert.deepEqual(options, ['2025-11-25', '2026-07-28']);
    const document = parseDescription(exampleDescription, {}).document;
    for (const revision of options) {
      await page.selectOption('#revision', revision);
      const expected = serializeDescription(project(document, revision).value, { format: 'yaml' });
      assert.equal(await page.textContent('#view'), expected, revision);
    }
    assert.match((await page.textContent('#view'))!, /get_alerts/);
    await page.selectOption('#revision', '2025-11-25');
    assert.doesNotMatch((await page.textContent('#view'))!, /get_alerts/);
    assert.deepEqual(problems, []);
  },
);

test(
  'a hostile document stays text: in the editor, the diagnostics and the preview',
  { skip: chromiumSkip, timeout: 120_000 },
  async () => {
    const payload = '</textarea><script>alert(1)</script><img src=x onerror=alert(2)>';
    const text = exampleDescription
      .replace('description: Current conditions and forecasts for a place.', `description: '${payload}'`)
      .replace('version: 1.0.0', `version: 1.0.0\n  '${payload}': 1`);
    const { page, problems } = await openPlayground('playground-hostile.html', text);
    assert.equal(await editorValue(page), text);
    assert.equal(await page.$$eval('script:not([type])', (s) => s.length), 1);
    assert.equal(await page.$$eval('img', (s) => s.length), 0);
    const [error] = (await listed(page)).filter((d) => d.severity === 'error');
    assert.ok(error!.message.includes(payload), error!.message);
    assert.deepEqual(problems, []);
  },
);
