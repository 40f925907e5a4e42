/** `mcpdesc playground`: what it writes, where, and its exit codes. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, test } from 'node:test';
import { exampleDescription } from 'mcpdesc-toolkit/internal/playground/example.js';
import { renderPlayground } from 'mcpdesc-toolkit/internal/playground/page.js';
import { initialText, type InitialText } from 'mcpdesc-toolkit/internal/playground/initial-text.js';
import { bundleUrl } from 'mcpdesc-toolkit/internal/playground/bundle.js';
import { assertGolden } from '../helpers/golden.js';
import { runCli } from '../helpers/cli.js';
import { bundlePlayground } from './bundle.js';
import { scanPage } from './page-scan.js';

before(bundlePlayground);

/** The editor's initial text: the page's JSON data block, as the page script reads it. */
const initialOf = (html: string): InitialText => {
  const blocks = scanPage(html).filter((t) => t.name === 'script' && t.attributes.get('type') === 'application/json');
  assert.equal(blocks.length, 1, 'one data block');
  assert.equal(blocks[0]!.attributes.get('id'), 'initial-text');
  return JSON.parse(blocks[0]!.content!) as InitialText;
};
const editorText = (html: string): string => initialOf(html).text;
/** The page's executable scripts (a data block is not one). */
const pageScripts = (html: string) => scanPage(html).filter((t) => t.name === 'script' && !t.attributes.has('type'));

const yaml = "mcpdesc: 0.8.0\ninfo:\n  name: demo\n  version: 1.0.0\nprotocolVersions: ['2026-07-28']\n";

test('the page template, golden (a stand-in script: the bundle has its own tests)', () => {
  const page = renderPlayground({
    script: 'console.log("playground")',
    initial: initialText(yaml, 'demo.yaml'),
    source: 'demo.yaml',
  });
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
  const [script] = pageScripts(page);
  assert.equal(script!.content, readFileSync(bundleUrl, 'utf8'), 'the bundle, byte for byte');
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
  assert.equal(pageScripts(run.stdout).length, 1, 'only the page script');
  assert.equal(tags.filter((t) => t.name === 'script').length, 2, 'and the data block');
  assert.equal(tags.filter((t) => t.name === 'textarea').length, 1);
  assert.equal(editorText(run.stdout), text, 'the text round-trips through the data block');
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

test('the data block carries the text as the CLI decodes it: nothing the HTML parser remaps, nothing that ends the block', async () => {
  const bytes = (...parts: (string | number[])[]) =>
    Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));
  const cases: [name: string, file: Buffer, expected: InitialText][] = [
    ['nul.yaml', bytes('a: "x', [0], '"\n'), { text: 'a: "x\u0000"\n', format: 'yaml' }],
    ['bom.json', bytes([0xef, 0xbb, 0xbf], '{}'), { text: '\ufeff{}', format: 'json' }],
    ['c1.yaml', bytes('a: "\u0085\u0099\u0080"\r\n'), { text: 'a: "\u0085\u0099\u0080"\r\n', format: 'yaml' }],
    [
      'seps.txt',
      bytes('a: "\u2028\u2029\u202e\u2066 </script><!-- &amp;"'),
      { text: 'a: "\u2028\u2029\u202e\u2066 </script><!-- &amp;"' },
    ],
  ];
  for (const [name, file, expected] of cases) {
    const run = await runCli(['playground', name], { files: { [name]: file.toString('utf8') } });
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(initialOf(run.stdout), expected, name);
    const block = scanPage(run.stdout).find((t) => t.attributes.get('id') === 'initial-text')!.content!;
    assert.doesNotMatch(
      block,
      /[<>&\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/,
      `${name}: escaped`,
    );
  }
});

test("a file that is not UTF-8 (WTF-8 surrogate bytes): U+FFFD in the editor, the core's decoding error carried", () => {
  const initial = initialText(Uint8Array.from([0x61, 0x3a, 0x20, 0xed, 0xa0, 0x80, 0x0a]), 'wtf8.yaml');
  assert.equal(initial.text, 'a: \ufffd\ufffd\ufffd\n');
  assert.equal(initial.decodingError?.code, 'invalid-utf8');
  assert.match(initial.decodingError!.message, /byte offset 3 \(0xed\)/);
});
