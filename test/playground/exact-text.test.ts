/**
 * The playground holds the file's exact text (issue 39, item 4), in headless Chromium: for files
 * with NUL, a byte-order mark, U+0085, U+0099, WTF-8 surrogate bytes and CR LF, the editor's text
 * is the CLI's decoded text (CR LF shown as LF, the one documented exception, with a visible note)
 * and the page's verdict is `mcpdesc validate`'s. Before, the text went in as character
 * references: U+0099 became ™, U+0085 …, NUL U+FFFD, the BOM was dropped, and the page said
 * "valid" for the NUL and BOM files.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { binPath as bin, repoRoot } from '../helpers/paths.js';
import { chromiumLaunch, chromiumSkip } from '../render/chromium.js';
import { bundlePlayground } from './bundle.js';

let browser: Browser;
let folder: string;
before(async () => {
  bundlePlayground();
  folder = mkdtempSync(join(tmpdir(), 'mcpdesc-exact-'));
  if (!chromiumSkip) browser = await chromiumLaunch();
});
after(async () => {
  await browser?.close();
  rmSync(folder, { recursive: true, force: true });
});

const head = "mcpdesc: 0.8.0\ninfo:\n  name: demo\n  version: 1.0.0\nprotocolVersions: ['2026-07-28']\n";
const json = '{"mcpdesc": "0.8.0", "info": {"name": "demo", "version": "1.0.0"}, "protocolVersions": ["2026-07-28"]}';
const utf8 = (text: string) => Buffer.from(text, 'utf8');
const cases: [name: string, bytes: Buffer][] = [
  ['nul.yaml', utf8(`${head}instructions: "a\u0000b"\n`)],
  ['nul-raw.json', utf8(json.replace('demo', 'de\u0000mo'))],
  ['bom.json', utf8(`\ufeff${json}`)],
  ['bom.yaml', utf8(`\ufeff${head}`)],
  ['nel.yaml', utf8(`${head}instructions: "a\u0085b"\n`)],
  ['c1.json', utf8(json.replace('demo', 'de\u0099mo'))],
  ['wtf8.yaml', Buffer.concat([utf8(`${head}instructions: "`), Buffer.from([0xed, 0xa0, 0x80]), utf8('"\n')])],
  ['crlf.yaml', utf8(head.replace(/\n/g, '\r\n'))],
];

/** `mcpdesc validate FILE --format json`: its error count (the verdict). */
function cliErrors(file: string): number {
  const run = spawnSync(process.execPath, [bin, 'validate', file, '--format', 'json'], { encoding: 'utf8' });
  assert.ok(run.status === 0 || run.status === 1, run.stderr);
  const report = JSON.parse(run.stdout) as { files?: { diagnostics: { severity: string }[] }[] };
  const diagnostics = report.files?.flatMap((f) => f.diagnostics) ?? [];
  return diagnostics.filter((d) => d.severity === 'error').length;
}

test(
  "NUL, BOM, U+0085, U+0099, WTF-8 bytes, CR LF: the page holds the CLI's text and gives its verdict",
  { skip: chromiumSkip, timeout: 240_000 },
  async () => {
    mkdirSync(join(repoRoot, 'test-output'), { recursive: true });
    for (const [name, bytes] of cases) {
      const file = join(folder, name);
      writeFileSync(file, bytes);
      const page = join(folder, `${name}.html`);
      const made = spawnSync(process.execPath, [bin, 'playground', file, '-o', page], { encoding: 'utf8' });
      assert.equal(made.status, 0, made.stderr);
      const decoded = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
      const errors = cliErrors(file);
      // The files the old page called valid are errors for the CLI (NUL in a string, a BOM in JSON, not UTF-8).
      if (/^(nul|bom\.json|wtf8)/.test(name)) assert.ok(errors > 0, `${name}: validate reports an error`);
      const context = await browser.newContext();
      const tab = await context.newPage();
      const problems: string[] = [];
      tab.on('pageerror', (e) => problems.push(String(e)));
      await tab.goto(pathToFileURL(page).href);
      await tab.waitForFunction("/^(JSON|YAML) · /.test(document.getElementById('status').textContent)");
      const value = await tab.$eval('#editor', (e) => (e as unknown as { value: string }).value);
      const status = (await tab.textContent('#status'))!;
      const noteShown = await tab.isVisible('#editor-note');
      await context.close();
      if (name.startsWith('crlf')) {
        assert.equal(value, decoded.replace(/\r\n/g, '\n'), `${name}: LF in the editor`);
        assert.ok(noteShown, `${name}: the note says so`);
      } else if (name.startsWith('wtf8')) {
        assert.equal(value, decoded, `${name}: U+FFFD for each invalid byte, as the WHATWG decoder gives`);
        assert.ok(noteShown, `${name}: the note says the file is not UTF-8`);
      } else {
        assert.equal(value, decoded, `${name}: the exact text`);
        assert.ok(!noteShown, `${name}: no note`);
      }
      const pageErrors = status.endsWith('valid') ? 0 : Number(/(\d+) errors?$/.exec(status)?.[1]);
      assert.equal(pageErrors, errors, `${name}: the page says "${status}", validate finds ${errors} error(s)`);
      assert.deepEqual(problems, [], name);
    }
  },
);
