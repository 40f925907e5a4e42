/** `mcpdesc playground`: what it writes, where, and its exit codes. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, test } from 'node:test';
import { exampleDescription } from 'mcpdesc-toolkit/internal/playground/example.js';
import { renderPlayground } from 'mcpdesc-toolkit/internal/playground/page.js';
import { bundleUrl } from 'mcpdesc-toolkit/internal/playground/bundle.js';
import { assertGolden } from '../helpers/golden.js';
import { runCli } from '../helpers/cli.js';
import { bundlePlayground } from './bundle.js';
import { decodeText, scanPage } from './page-scan.js';

before(bundlePlayground);

const editorText = (html: string): string => {
  const textarea = scanPage(html).find((t) => t.name === 'textarea' && t.attributes.get('id') === 'editor');
  assert.ok(textarea?.content !== undefined, 'the editor textarea');
  // The parser drops the one newline after <textarea>; the page writes one for that.
  assert.ok(textarea.content.startsWith('\n'));
  return decodeText(textarea.content.slice(1));
};

const yaml = "mcpdesc: 0.8.0\ninfo:\n  name: demo\n  version: 1.0.0\nprotocolVersions: ['2026-07-28']\n";

test('the page template, golden (a stand-in script: the bundle has its own tests)', () => {
  const page = renderPlayground({ script: 'console.log("playground")', text: yaml, source: 'demo.yaml' });
  assertGolden('playground/page.html', page);
});

test('playground FILE -o: the file text in the editor, the bundled script inline, exit 0', async () => {
  const run = await runCli(['playground', 'demo.yaml', '-o', 'out/page.html'], {
    files: { 'demo.yaml': yaml, 'out/x': '' },
  });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout, '');
  assert.equal(run.stderr, '');
  const page = run.written['out/page.html']!;
  assert.equal(editorText(page), yaml);
  const script = scanPage(page).find((t) => t.name === 'script')!;
  assert.equal(script.content, readFileSync(bundleUrl, 'utf8'), 'the bundle, byte for byte');
  assert.match(page, /<span class="file">demo\.yaml<\/span>/);
});

test('playground without FILE: the built-in example; without -o: standard output', async () => {
  const run = await runCli(['playground']);
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(run.written, {});
  assert.equal(editorText(run.stdout), exampleDescription);
  assert.match(run.stdout, /<span class="file">built-in example<\/span>/);
});

test('playground -: standard input; the text is kept even when it is no document', async () => {
  const text = '{"mcpdesc": "0.8.0", "info": \n\t<oops & "more"';
  const run = await runCli(['playground', '-', '-o', 'p.html'], { stdin: text, files: {} });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(editorText(run.written['p.html']!), text);
  assert.match(run.written['p.html']!, /<span class="file">standard input<\/span>/);
});

test('hostile text cannot leave the textarea', async () => {
  const text = 'info:\n  description: "</textarea><script>alert(1)</script><!-- &amp; \u0007 \u202e"\n';
  const run = await runCli(['playground', 'h.yaml'], { files: { 'h.yaml': text } });
  assert.equal(run.code, 0, run.stderr);
  const tags = scanPage(run.stdout);
  assert.equal(tags.filter((t) => t.name === 'script').length, 1, 'only the page script');
  assert.equal(tags.filter((t) => t.name === 'textarea').length, 1);
  assert.equal(editorText(run.stdout), text, 'the text round-trips through the character references');
});

test('exit codes: 2 for a missing file or an unusable -o, 1 for a file over the byte limit', async () => {
  const missing = await runCli(['playground', 'nope.yaml'], { filesOnly: true });
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /cannot read nope\.yaml: no such file/);
  assert.doesNotMatch(missing.stderr, /\n\s+at /, 'no stack trace');

  const badOutput = await runCli(['playground', '-o', 'no/such/dir/p.html'], { filesOnly: true });
  assert.equal(badOutput.code, 2);
  assert.match(badOutput.stderr, /cannot write no\/such\/dir\/p\.html: no\/such\/dir does not exist/);

  const huge = await runCli(['playground', 'big.yaml', '--max-bytes', '100'], {
    files: { 'big.yaml': yaml.repeat(3) },
  });
  assert.equal(huge.code, 1);
  assert.equal(huge.stdout, '');
  assert.match(huge.stderr, /source\.limit/);

  const badLimit = await runCli(['playground', '--max-bytes', 'lots']);
  assert.equal(badLimit.code, 2);
  assert.match(badLimit.stderr, /--max-bytes expects a positive whole number, got "lots"/);
});

test('playground --help has examples and the exit codes', async () => {
  const run = await runCli(['playground', '--help']);
  assert.equal(run.code, 0);
  assert.match(run.stdout, /Examples:\n {2}\$ mcpdesc playground server\.mcpdesc\.yaml -o playground\.html/);
  assert.match(run.stdout, /Exit codes: 0 written, 1 FILE is larger than the byte limit, 2 usage/);
});
