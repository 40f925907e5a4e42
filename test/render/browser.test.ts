import assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { renderHtml } from '../../src/render/html.js';
import { repoRoot } from '../helpers/paths.js';
import { examplesDir, fullFeaturedPath, loadExample } from './examples.js';
import { hostileDocument } from './hostile.js';

/** Debian's chromium package; .ci/run installs it when missing (and this test skips when it could not). */
const chromiumPath = '/usr/bin/chromium';
const skip = existsSync(chromiumPath)
  ? false
  : `headless Chromium not found at ${chromiumPath} (install Debian's chromium package; .ci/run does)`;
const outputDir = join(repoRoot, 'test-output');

const launchArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

test(
  'docs in a headless browser: search, revision switch, no network, screenshot',
  { skip, timeout: 120_000 },
  async () => {
    const { chromium } = await import('playwright-core');
    mkdirSync(outputDir, { recursive: true });
    const fullPage = join(outputDir, 'docs.html');
    writeFileSync(fullPage, renderHtml(loadExample(fullFeaturedPath)));
    const multiPage = join(outputDir, 'docs-multi-version.html');
    writeFileSync(multiPage, renderHtml(loadExample(join(examplesDir, 'multi-version.yaml'))));

    const browser = await chromium.launch({ executablePath: chromiumPath, args: launchArgs });
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(`page error: ${String(e)}`));
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(`console: ${m.text()}`);
      });
      page.on('request', (r) => {
        if (!r.url().startsWith('file:')) problems.push(`network request: ${r.url()}`);
      });

      await page.goto(pathToFileURL(fullPage).href);
      assert.equal(await page.textContent('#filter-status'), '16 of 16 entries shown');

      // Keyboard: "/" focuses the search box; typing filters the sidebar and the page.
      await page.keyboard.press('/');
      assert.equal(await page.evaluate('document.activeElement && document.activeElement.id'), 'search');
      await page.keyboard.type('rating');
      assert.equal(await page.textContent('#filter-status'), '2 of 16 entries shown');
      assert.equal(await page.isVisible('#tool-1-get_player_rating'), true);
      assert.equal(await page.isVisible('#tool-0-analyze_game'), false);
      assert.equal(await page.isVisible('nav a[href="#tool-1-get_player_rating"]'), true);
      assert.equal(await page.isVisible('nav a[href="#tool-0-analyze_game"]'), false);
      // A tag group with no match is hidden as a whole.
      assert.equal(await page.isVisible('nav [data-group]:has(h2:text-is("reference"))'), false);

      // Switching to the document's one revision keeps everything (every declaration applies).
      await page.selectOption('#revision', '2025-11-25');
      assert.equal(await page.textContent('[data-view-label]'), 'Effective Protocol View for MCP 2025-11-25');
      assert.equal(await page.isVisible('#tool-1-get_player_rating'), true);
      await page.click('nav a[href="#tool-1-get_player_rating"]');
      await page.screenshot({ path: join(outputDir, 'docs.png') });

      // Clearing the search with Escape shows everything again.
      await page.focus('#search');
      await page.keyboard.press('Escape');
      assert.equal(await page.textContent('#filter-status'), '16 of 16 entries shown');

      // A two-revision document: the switcher hides declarations outside the chosen revision.
      await page.goto(pathToFileURL(multiPage).href);
      assert.equal(await page.isVisible('#capabilities-0'), true);
      assert.equal(await page.isVisible('#capabilities-1'), true);
      await page.selectOption('#revision', '2026-07-28');
      assert.equal(await page.isVisible('#capabilities-0'), false);
      assert.equal(await page.isVisible('#capabilities-1'), true);
      await page.selectOption('#revision', '2025-11-25');
      assert.equal(await page.isVisible('#capabilities-0'), true);
      assert.equal(await page.isVisible('#capabilities-1'), false);
      await page.selectOption('#revision', '');
      assert.equal(await page.isVisible('#capabilities-1'), true);

      // Dark colour scheme renders too.
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.screenshot({ path: join(outputDir, 'docs-multi-version-dark.png') });

      assert.deepEqual(problems, []);
    } finally {
      await browser.close();
    }
  },
);

test('docs in a headless browser: a hostile document stays inert', { skip, timeout: 120_000 }, async () => {
  const { chromium } = await import('playwright-core');
  mkdirSync(outputDir, { recursive: true });
  const file = join(outputDir, 'docs-hostile.html');
  writeFileSync(file, renderHtml(hostileDocument()));
  const browser = await chromium.launch({ executablePath: chromiumPath, args: launchArgs });
  try {
    const page = await browser.newPage();
    const events: string[] = [];
    page.on('dialog', (d) => {
      events.push(`dialog: ${d.message()}`);
      void d.dismiss();
    });
    page.on('request', (r) => {
      if (!r.url().startsWith('file:') && !r.url().startsWith('data:')) events.push(`network request: ${r.url()}`);
    });
    page.on('pageerror', (e) => events.push(`page error: ${String(e)}`));
    await page.goto(pathToFileURL(file).href);
    // Fire the events an injected handler would listen to, on every element (no clicks: a safe
    // link would navigate away).
    await page.evaluate(
      `for (const el of document.querySelectorAll('*')) for (const type of ['mouseover', 'mouseenter', 'focus', 'load', 'error', 'animationstart']) el.dispatchEvent(new Event(type));`,
    );
    await page.keyboard.press('/');
    await page.keyboard.type('script');
    assert.equal(await page.evaluate('typeof window.__pwned'), 'undefined');
    assert.equal(await page.evaluate('document.scripts.length'), 1);
    const hrefs = (await page.evaluate(
      `[...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href'))`,
    )) as string[];
    for (const href of hrefs) assert.match(href, /^(https?:\/\/|mailto:|#)/);
    assert.deepEqual(events, []);
  } finally {
    await browser.close();
  }
});
