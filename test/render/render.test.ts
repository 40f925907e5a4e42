import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { validate } from 'mcpdesc-core/internal/validate/validate.js';
import { renderHtml, contentSecurityPolicy } from 'mcpdesc-core/internal/render/html.js';
import { renderMarkdown } from 'mcpdesc-core/internal/render/markdown.js';
import { script } from 'mcpdesc-core/internal/render/script.js';
import { assertGolden } from '../helpers/golden.js';
import { examplesDir, fullFeaturedPath, loadExample } from './examples.js';
import { runCli } from '../helpers/cli.js';
import { assertInert } from './html-safety.js';
import { hostileDocument } from './hostile.js';

test('docs: full-featured example, HTML (golden)', () => {
  const html = renderHtml(loadExample(fullFeaturedPath));
  assertGolden('render/full-featured.html', html);
});

test('docs: full-featured example, Markdown (golden)', () => {
  const markdown = renderMarkdown(loadExample(fullFeaturedPath));
  assertGolden('render/full-featured.md', markdown);
});

test('docs: output is deterministic and does not modify the input', () => {
  const document = loadExample(fullFeaturedPath);
  const before = JSON.stringify(document);
  assert.equal(renderHtml(document), renderHtml(structuredClone(document)));
  assert.equal(renderMarkdown(document), renderMarkdown(structuredClone(document)));
  assert.equal(JSON.stringify(document), before);
});

test('docs: the full-featured page shows what the issue asks for', () => {
  const html = renderHtml(loadExample(fullFeaturedPath));
  // Server header, transports with snippets, security scheme, capabilities.
  assert.match(html, /<h1 id="page-title">Chess Coach MCP Server<\/h1>/);
  assert.match(html, /Version: <code>2\.1\.0<\/code>/);
  assert.match(html, /button type="button" class="copy" data-copy="snippet-\d+"/);
  assert.match(
    html,
    /CHESS_ENGINE_PATH=\/usr\/local\/bin\/stockfish CHESS_DB_PATH=\/data\/games\.db chess-coach mcp --db \/data\/games\.db/,
  );
  assert.match(html, /<h3 id="scheme-oauth-title">oauth<\/h3>/);
  assert.match(html, /games:read/);
  assert.match(html, /<h2 id="capabilities">/);
  // Sidebar grouped by tags in catalogue order.
  const groups = [
    ...html.matchAll(/<section data-group aria-labelledby="group-\d+"><h2 id="group-\d+">([^<]+)<\/h2>/g),
  ].map((m) => m[1]);
  assert.deepEqual(groups, ['analysis', 'games', 'reference']);
  // Effective annotations: search_games states neither idempotentHint nor openWorldHint; it is
  // read-only, so idempotentHint has no meaning there and its default is not shown (the guide).
  const searchGames = html.slice(html.indexOf('id="tool-search_games"'), html.indexOf('id="resource-'));
  assert.doesNotMatch(searchGames, /idempotent:/);
  assert.match(searchGames, /badge inherited[^>]*>open world: yes \(default\)/);
  assert.match(searchGames, /badge true[^>]*>read-only: yes</);
  // Input table: nested output properties, enums, constraints.
  assert.match(html, /<code>accuracy\.white<\/code>/);
  assert.match(html, /<code>blunders\[\]\.color<\/code>/);
  assert.match(html, /<code>ratings\.\*\.rating<\/code>/);
  assert.match(html, /enum: &quot;white&quot;, &quot;black&quot;/);
  assert.match(html, /maximum: 40/);
  // Examples, interaction steps, elicitations, security, revision chips.
  assert.match(html, /<h5>decisive-tactic<\/h5>/);
  assert.match(html, /<ol class="steps"><li><strong>roots<\/strong>/);
  assert.match(html, /declaration <code>confirm_deep_analysis<\/code>/);
  assert.match(html, /execution error \(isError: true\)/);
  assert.match(html, /oauth <span class="muted">\(inherited from root\)<\/span>/);
  assert.match(html, /<span class="chip rev">2025-11-25<\/span>/);
  assert.match(html, /<option value="2025-11-25">MCP 2025-11-25<\/option>/);
  // No network: no remote image, CSP meta present.
  assert.doesNotMatch(html, /<img /);
  assert.ok(html.includes(contentSecurityPolicy().replace(/'/g, '&#39;')));
  assertInert(html, script);
});

test('docs: every corpus example and valid fixture renders inert HTML and Markdown', async () => {
  const { readdirSync } = await import('node:fs');
  for (const file of readdirSync(examplesDir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()) {
    const document = loadExample(join(examplesDir, file));
    assertInert(renderHtml(document), script);
    assert.ok(renderMarkdown(document).startsWith('# '), file);
  }
  const validFixtures = join(examplesDir, '..', 'fixtures', 'expected-valid');
  for (const file of readdirSync(validFixtures)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const document = loadExample(join(validFixtures, file));
    assertInert(renderHtml(document), script);
    assert.ok(renderMarkdown(document).startsWith('# '), file);
  }
});

test('docs: XSS — hostile descriptions, names, URLs and examples render inert', () => {
  const html = renderHtml(hostileDocument());
  assertInert(html, script);
  assert.doesNotMatch(html, /href="javascript/i);
  assert.match(html, /&lt;script&gt;window\.__pwned = 1&lt;\/script&gt;/);
  assert.match(html, /<a href="https:\/\/example\.com\/\?a=1&amp;b=&quot;2&quot;" rel="noopener noreferrer">ok<\/a>/);
  assert.match(html, /<a href="https:\/\/example\.com\/auto" rel="noopener noreferrer">/);
  // The page title and revision attributes cannot be broken out of.
  assert.match(html, /<title>&lt;\/title&gt;&lt;script&gt;/);
  assert.doesNotMatch(html, /data-revisions="[^"]*onmouseover/);
});

test('docs: XSS — the Markdown output carries no raw HTML and no unsafe link', () => {
  const markdown = renderMarkdown(hostileDocument());
  const outsideCode = markdown.replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1$/gm, '').replace(/(`+)[^`\n]*?\1/g, '');
  assert.doesNotMatch(outsideCode, /(?<!\\)<(?!https?:\/\/|br>)[a-z/!]/i, 'no raw HTML tag outside code');
  assert.doesNotMatch(outsideCode, /(?<!\\)\]\(\s*(javascript|vbscript|data):/i, 'no unsafe inline link');
  assert.doesNotMatch(outsideCode, /(?<!\\)\]\(\s*<\s*(javascript|vbscript|data):/i);
});

test('docs CLI: HTML and Markdown to standard output; invalid documents fail with the report', async () => {
  const html = await runCli(['docs', fullFeaturedPath]);
  assert.equal(html.code, 0, html.stderr);
  assert.equal(html.stdout, renderHtml(loadExample(fullFeaturedPath)));
  const markdown = await runCli(['docs', fullFeaturedPath, '--markdown', '--title', 'Chess']);
  assert.equal(markdown.code, 0);
  assert.ok(markdown.stdout.startsWith('# Chess\n'));
  const invalid = await runCli(['docs', '-'], { stdin: '{"mcpdesc":"0.8.0"}' });
  assert.equal(invalid.code, 1);
  assert.equal(invalid.stdout, '');
  assert.match(invalid.stderr, /missing required property "info"/);
  const missing = await runCli(['docs', 'no-such-file.yaml']);
  assert.equal(missing.code, 2);
});

test('docs: the full-featured example is valid (docs only renders valid documents)', () => {
  assert.equal(validate(readFileSync(fullFeaturedPath), { filename: fullFeaturedPath }).valid, true);
});
