import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { renderHtml } from 'mcpdesc-core/internal/render/html.js';
import { repoRoot } from '../helpers/paths.js';
import { chromiumLaunch, chromiumSkip } from './chromium.js';
import { examplesDir, fullFeaturedPath, loadExample } from './examples.js';
import { hostileDocument } from './hostile.js';

const outputDir = join(repoRoot, 'test-output');
let browser: Browser;

before(async () => {
  if (chromiumSkip) return;
  mkdirSync(outputDir, { recursive: true });
  browser = await chromiumLaunch();
});
after(async () => {
  await browser?.close();
});

function writePage(name: string, document: unknown): string {
  const file = join(outputDir, name);
  writeFileSync(file, renderHtml(document));
  return pathToFileURL(file).href;
}

/** A page whose problems (script errors, requests leaving the file, CSP violations) are collected. */
async function watchedPage(context: BrowserContext): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${String(e)}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('request', (r) => {
    if (!r.url().startsWith('file:') && !r.url().startsWith('data:')) problems.push(`network request: ${r.url()}`);
  });
  page.on('dialog', (d) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  await page.addInitScript(
    'document.addEventListener("securitypolicyviolation", (e) => console.error("CSP violation: " + e.violatedDirective));',
  );
  return { page, problems };
}

const visible = (page: Page, selector: string): Promise<boolean> => page.isVisible(selector);
const marked = (page: Page, selector: string): Promise<string[]> =>
  page.$$eval(selector, (marks) => marks.map((m) => m.textContent ?? ''));

/**
 * Waits until an expression is true in the page, polling from Node: Playwright's
 * `waitForFunction` evaluates a predicate string with eval inside the page, which the page's
 * Content-Security-Policy refuses once it has to poll.
 */
async function until(page: Page, expression: string, timeout = 10_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!(await page.evaluate(expression))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${expression}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

test(
  'docs in a headless browser: full-text search with highlights, revision switch, no network',
  { skip: chromiumSkip, timeout: 120_000 },
  async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
    const { page, problems } = await watchedPage(context);
    await page.goto(writePage('docs.html', loadExample(fullFeaturedPath)));
    assert.equal(await page.textContent('#filter-status'), '16 of 16 entries shown');

    // "/" focuses the search box; "pgn" is in analyze_game's description and property name, in
    // record_game_result's property, in game_detail's description, and in no name or title.
    await page.keyboard.press('/');
    assert.equal(await page.evaluate('document.activeElement && document.activeElement.id'), 'search');
    await page.keyboard.type('pgn');
    assert.equal(await page.textContent('#filter-status'), '3 of 16 entries shown');
    for (const id of ['tool-analyze_game', 'tool-record_game_result', 'template-game_detail'])
      assert.equal(await visible(page, `#${id}`), true, id);
    assert.equal(await visible(page, '#tool-get_player_rating'), false);
    assert.equal(await visible(page, 'nav a[href="#tool-analyze_game"]'), true);
    assert.equal(await visible(page, 'nav a[href="#tool-get_player_rating"]'), false);
    // Matches are highlighted, case kept, in the description and in the property table.
    const inDescription = await marked(page, '#tool-analyze_game .description mark.hit');
    assert.ok(inDescription.includes('PGN'), JSON.stringify(inDescription));
    assert.deepEqual(await marked(page, '#tool-analyze_game td.name mark.hit'), ['pgn']);
    assert.ok((await marked(page, '#tool-analyze_game td:not(.name) mark.hit')).includes('PGN'));
    // Two words must both occur (in any order); the highlight follows the new search.
    await page.fill('#search', 'notation portable');
    assert.equal(await page.textContent('#filter-status'), '1 of 16 entries shown');
    const words = (await marked(page, 'main mark.hit')).map((m) => m.toLowerCase());
    assert.deepEqual([...new Set(words)].sort(), ['notation', 'portable']);
    // A tag group with no match is hidden as a whole.
    assert.equal(await visible(page, 'nav [data-group]:has(h2:text-is("analysis"))'), true);
    assert.equal(await visible(page, 'nav [data-group]:has(h2:text-is("reference"))'), false);
    await page.fill('#search', 'no such words');
    assert.equal(await page.textContent('#filter-status'), '0 of 16 entries shown');
    assert.equal(await page.$$eval('mark.hit', (m) => m.length), 0);
    await page.fill('#search', 'rating');
    // Switching to the document's one revision keeps everything (every declaration applies).
    await page.selectOption('#revision', '2025-11-25');
    assert.equal(await page.textContent('[data-view-label]'), 'Effective Protocol View for MCP 2025-11-25');
    assert.equal(await visible(page, '#tool-get_player_rating'), true);
    await page.click('nav a[href="#tool-get_player_rating"]');
    await page.screenshot({ path: join(outputDir, 'docs.png') });

    // Escape clears the search: everything is shown again, no highlight is left.
    await page.focus('#search');
    await page.keyboard.press('Escape');
    assert.equal(await page.textContent('#filter-status'), '16 of 16 entries shown');
    assert.equal(await page.$$eval('mark.hit', (m) => m.length), 0);

    // A two-revision document: the switcher hides declarations outside the chosen revision.
    await page.goto(writePage('docs-multi-version.html', loadExample(join(examplesDir, 'multi-version.yaml'))));
    assert.equal(await visible(page, '#capabilities-0'), true);
    assert.equal(await visible(page, '#capabilities-1'), true);
    await page.selectOption('#revision', '2026-07-28');
    assert.equal(await visible(page, '#capabilities-0'), false);
    assert.equal(await visible(page, '#capabilities-1'), true);
    await page.selectOption('#revision', '2025-11-25');
    assert.equal(await visible(page, '#capabilities-0'), true);
    assert.equal(await visible(page, '#capabilities-1'), false);
    await page.selectOption('#revision', '');
    assert.equal(await visible(page, '#capabilities-1'), true);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: join(outputDir, 'docs-multi-version-dark.png') });

    assert.deepEqual(problems, []);
    await context.close();
  },
);

test(
  'docs in a headless browser: revision and search live in the URL fragment (reload, back, forward)',
  { skip: chromiumSkip, timeout: 120_000 },
  async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, problems } = await watchedPage(context);
    const url = writePage('docs-multi-version.html', loadExample(join(examplesDir, 'multi-version.yaml')));
    await page.goto(url);
    await page.selectOption('#revision', '2026-07-28');
    await page.fill('#search', 'a b&c=d');
    assert.equal(await page.evaluate('location.hash'), '#rev=2026-07-28&q=a%20b%26c%3Dd');

    await page.reload();
    assert.equal(await page.inputValue('#revision'), '2026-07-28');
    assert.equal(await page.inputValue('#search'), 'a b&c=d');
    assert.equal(await page.textContent('[data-view-label]'), 'Effective Protocol View for MCP 2026-07-28');
    assert.equal(await visible(page, '#capabilities-0'), false);

    // A revision change is a history entry: back returns to the previous revision (the search was
    // typed after it, so it goes too), forward brings both back.
    await page.fill('#search', '');
    await page.selectOption('#revision', '2025-11-25');
    assert.equal(await page.evaluate('location.hash'), '#rev=2025-11-25');
    await page.goBack();
    await until(page, 'document.getElementById("revision").value === "2026-07-28"');
    assert.equal(await visible(page, '#capabilities-0'), false);
    await page.goForward();
    await until(page, 'document.getElementById("revision").value === "2025-11-25"');
    assert.equal(await visible(page, '#capabilities-0'), true);

    // Following an entry link is a history entry too: back restores the search of the view left.
    await page.fill('#search', 'rating');
    await page.click('nav a[href="#tool-get_player_rating"]');
    assert.equal(await page.evaluate('location.hash'), '#tool-get_player_rating');
    await page.fill('#search', 'changed');
    await page.goBack();
    await until(page, 'document.getElementById("search").value === "rating"');
    assert.equal(await page.evaluate('location.hash'), '#rev=2025-11-25&q=rating');

    // Opened with a fragment: the state applies at once; an unknown revision falls back to all.
    await page.goto(`${url}#rev=2025-11-25&q=zzz-no-match`);
    assert.equal(await page.inputValue('#revision'), '2025-11-25');
    assert.match((await page.textContent('#filter-status')) ?? '', /^0 of \d+ entries shown$/);
    await page.goto(`${url}#rev=1999-01-01&q=%E0%A4%A`);
    assert.equal(await page.inputValue('#revision'), '');
    assert.equal(await page.inputValue('#search'), '');
    assert.deepEqual(problems, []);
    await context.close();
  },
);

test(
  'docs in a headless browser: a phone-sized screen collapses the catalogue, content comes first',
  { skip: chromiumSkip, timeout: 120_000 },
  async () => {
    const screenshots = mkdtempSync(join(tmpdir(), 'mcpdesc-docs-'));
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const { page, problems } = await watchedPage(context);
    await page.goto(writePage('docs.html', loadExample(fullFeaturedPath)));
    assert.equal(await page.evaluate('document.getElementById("catalogue").open'), false);
    assert.equal(await visible(page, 'nav a[href="#tool-analyze_game"]'), false);
    assert.equal(await visible(page, '#catalogue > summary'), true);
    assert.equal(await visible(page, '#search'), true);
    const title = await page.locator('main h1').boundingBox();
    assert.ok(
      title !== null && title.y + title.height < 844,
      `the page title is on the first screen: ${JSON.stringify(title)}`,
    );
    assert.ok(
      ((await page.evaluate('document.documentElement.scrollWidth')) as number) <= 390,
      'no horizontal scrolling of the page',
    );
    await page.screenshot({ path: join(screenshots, 'docs-phone.png') });
    assert.ok(existsSync(join(screenshots, 'docs-phone.png')));
    // Opening the catalogue shows the entries; following one closes it again.
    await page.click('#catalogue > summary');
    assert.equal(await visible(page, 'nav a[href="#tool-analyze_game"]'), true);
    await page.click('nav a[href="#tool-search_games"]');
    assert.equal(await page.evaluate('document.getElementById("catalogue").open'), false);
    assert.equal(await page.evaluate('location.hash'), '#tool-search_games');
    // Wide again: the catalogue is open and its toggle hidden.
    await page.setViewportSize({ width: 1024, height: 800 });
    await until(page, 'document.getElementById("catalogue").open');
    assert.equal(await visible(page, '#catalogue > summary'), false);
    assert.deepEqual(problems, []);
    await context.close();
  },
);

test(
  'docs in a headless browser: entries of a multi-revision description are labelled by their scope',
  { skip: chromiumSkip, timeout: 120_000 },
  async () => {
    const tool = (revision: string, description: string): Record<string, unknown> => ({
      name: 'get_weather',
      protocolVersions: [revision],
      description,
      inputSchema: { type: 'object' },
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    });
    const context = await browser.newContext();
    const { page, problems } = await watchedPage(context);
    await page.goto(
      writePage('docs-protocol-all.html', {
        mcpdesc: '0.8.0',
        info: { name: 'weather', version: '1.0.0' },
        protocolVersions: ['2025-06-18', '2025-11-25'],
        tools: [
          tool('2025-06-18', 'Old.'),
          tool('2025-11-25', 'New.'),
          { name: 'other', inputSchema: { type: 'object' } },
        ],
      }),
    );
    assert.deepEqual(await page.$$eval('nav [data-entry] a', (links) => links.map((a) => a.textContent)), [
      'toolget_weather MCP 2025-06-18',
      'toolget_weather MCP 2025-11-25',
      'toolother',
    ]);
    assert.deepEqual(await page.$$eval('main h3 .variant', (labels) => labels.map((l) => l.textContent)), [
      'MCP 2025-06-18',
      'MCP 2025-11-25',
    ]);
    // Every hint stated: no defaults note; the other tool states none: the note is there.
    assert.equal(await page.locator('#tool-get_weather-2025-06-18').getByText('Dashed badges are defaults').count(), 0);
    assert.equal(await page.locator('#tool-other').getByText('Dashed badges are defaults').count(), 1);
    await page.selectOption('#revision', '2025-11-25');
    assert.equal(await visible(page, '#tool-get_weather-2025-06-18'), false);
    assert.equal(await visible(page, '#tool-get_weather-2025-11-25'), true);
    assert.deepEqual(problems, []);
    await context.close();
  },
);

test(
  'docs in a headless browser: a hostile document stays inert, also when searched through the URL',
  { skip: chromiumSkip, timeout: 120_000 },
  async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const events: string[] = [];
    page.on('dialog', (d) => {
      events.push(`dialog: ${d.message()}`);
      void d.dismiss();
    });
    page.on('request', (r) => {
      if (!r.url().startsWith('file:') && !r.url().startsWith('data:')) events.push(`network request: ${r.url()}`);
    });
    page.on('pageerror', (e) => events.push(`page error: ${String(e)}`));
    const url = writePage('docs-hostile.html', hostileDocument());
    await page.goto(`${url}#q=${encodeURIComponent('<img src=x onerror=window.__pwned=99>')}`);
    // Fire the events an injected handler would listen to, on every element (no clicks: a safe
    // link would navigate away).
    await page.evaluate(
      `for (const el of document.querySelectorAll('*')) for (const type of ['mouseover', 'mouseenter', 'focus', 'load', 'error', 'animationstart']) el.dispatchEvent(new Event(type));`,
    );
    await page.fill('#search', 'script');
    assert.ok((await page.$$eval('mark.hit', (m) => m.length)) > 0, 'the search highlights hostile text as text');
    await page.fill('#search', 'onerror');
    assert.equal(await page.evaluate('typeof window.__pwned'), 'undefined');
    assert.equal(await page.evaluate('document.scripts.length'), 1);
    assert.equal(await page.evaluate('document.querySelectorAll("main img, main svg, main iframe").length'), 0);
    const hrefs = (await page.evaluate(
      `[...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href'))`,
    )) as string[];
    for (const href of hrefs) assert.match(href, /^(https?:\/\/|mailto:|#)/);
    assert.deepEqual(events, []);
    await context.close();
  },
);
