/** The written page: its Content-Security-Policy names exactly its inline code, and nothing can fetch. */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { renderHtml } from 'mcpdesc-core/internal/render/html.js';
import { parseDescription } from 'mcpdesc-core/internal/source/index.js';
import { exampleDescription } from 'mcpdesc-toolkit/internal/playground/example.js';
import { assertInlineSafe } from 'mcpdesc-toolkit/internal/playground/page.js';
import { runCli } from '../helpers/cli.js';
import { bundlePlayground } from './bundle.js';
import { hashSource, policyOf, scanPage } from './page-scan.js';

before(bundlePlayground);

async function writtenPage(): Promise<string> {
  const run = await runCli(['playground']);
  assert.equal(run.code, 0, run.stderr);
  return run.stdout;
}

/** The inline style or executable script elements (a JSON data block runs nothing and needs no hash). */
const inline = (html: string, name: string): string[] =>
  scanPage(html)
    .filter((t) => t.name === name && !(name === 'script' && t.attributes.get('type') === 'application/json'))
    .map((t) => t.content!);

test('the CSP allows only the inline style and script it carries (by hash), and the preview page’s', async () => {
  const page = await writtenPage();
  const policy = policyOf(scanPage(page));
  const docs = renderHtml(parseDescription(exampleDescription, {}).document);
  assert.deepEqual(policy.get('default-src'), ["'none'"]);
  assert.deepEqual(policy.get('script-src'), [...inline(page, 'script'), ...inline(docs, 'script')].map(hashSource));
  assert.deepEqual(policy.get('style-src'), [...inline(page, 'style'), ...inline(docs, 'style')].map(hashSource));
  assert.deepEqual(policy.get('img-src'), ['data:']);
  assert.deepEqual(policy.get('base-uri'), ["'none'"]);
  assert.deepEqual(policy.get('form-action'), ["'none'"]);
  assert.equal(inline(page, 'script').length, 1);
  assert.equal(inline(page, 'style').length, 1);
  for (const sources of policy.values()) {
    for (const forbidden of ["'unsafe-eval'", "'unsafe-inline'", "'unsafe-hashes'", "'wasm-unsafe-eval'", '*'])
      assert.ok(!sources.includes(forbidden), `${forbidden} in the policy`);
  }
});

test('no attribute can fetch, navigate or run code; the preview frame is sandboxed without same-origin', async () => {
  const page = await writtenPage();
  const tags = scanPage(page);
  const fetching = ['src', 'srcset', 'href', 'action', 'formaction', 'poster', 'data', 'ping', 'background', 'srcdoc'];
  for (const tag of tags) {
    for (const [name, value] of tag.attributes) {
      assert.ok(!/^on/i.test(name), `handler ${name} on <${tag.name}>`);
      assert.ok(!fetching.includes(name), `${name}="${value}" on <${tag.name}>`);
      assert.ok(!/(https?:)?\/\//i.test(value) || name === 'content', `URL in ${name} on <${tag.name}>`);
    }
  }
  const outsideCode = tags
    .filter((t) => t.name !== 'script')
    .map((t) => [...t.attributes.values(), t.content ?? ''].join(' '))
    .join(' ');
  assert.doesNotMatch(outsideCode, /https?:\/\//, 'no URL outside the script (the example names none)');
  const frames = tags.filter((t) => t.name === 'iframe');
  assert.equal(frames.length, 1);
  assert.equal(frames[0]!.attributes.get('sandbox'), 'allow-scripts', 'scripts yes, same origin never');
});

test('the bundled script cannot end its <script> element early', async () => {
  const [script] = inline(await writtenPage(), 'script');
  assert.doesNotThrow(() => assertInlineSafe(script!));
  assert.throws(() => assertInlineSafe('var a = "</SCRIPT>";'), /<\/script/);
  assert.throws(() => assertInlineSafe('var a = "<!--";'), /<!--/);
});
