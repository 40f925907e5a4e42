/**
 * "Did you mean" by edit distance over the names allowed at that place: unknown properties, a
 * misspelt Tool Annotations hint (open in 0.8.0, closed in 0.9.0-rc.3), `$componentRef` targets
 * and CLI option values. The hint is added to the message; rule and code stay as they were.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { runCli } from '../helpers/cli.js';
import { repoRoot } from '../helpers/paths.js';

const example = readFileSync(join(repoRoot, 'examples', 'bookshelf.mcpdesc.yaml'), 'utf8');

/** The example with `from` replaced by `to` once (asserting `from` is there). */
function edited(from: string | RegExp, to: string, text = example): string {
  assert.match(text, typeof from === 'string' ? new RegExp(from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : from);
  return text.replace(from, to);
}

interface Finding {
  rule: string;
  code: string;
  message: string;
  pointer: string;
}

async function findings(command: 'validate' | 'lint', text: string): Promise<Finding[]> {
  const result = await runCli([command, '--format', 'json', 'doc.mcpdesc.yaml'], {
    files: { 'doc.mcpdesc.yaml': text },
    filesOnly: true,
  });
  return (JSON.parse(result.stdout) as { files: { diagnostics: Finding[] }[] }).files[0]!.diagnostics;
}

describe('did you mean', () => {
  test('an unknown property names the nearest member of that object (case-insensitive)', async () => {
    const list = await findings('validate', edited('    inputSchema:', '    inputschema:'));
    const unknown = list.find((d) => d.code === 'unknown-property')!;
    assert.equal(unknown.rule, 'mcpdesc.tool.members');
    assert.equal(unknown.pointer, '/tools/0/inputschema');
    const missing = list.find((d) => d.code === 'missing-property')!;
    assert.equal(missing.rule, 'mcpdesc.tool.members');
    assert.match(
      missing.message,
      /missing required property "inputSchema"; "inputschema" is set instead: did you mean inputSchema\?$/,
    );
    assert.match(
      unknown.message,
      /^unknown property "inputschema" on the Tool Object \(did you mean inputSchema\?\); allowed: /,
    );
  });

  test('a root "tool:" suggests tools; a far-off name suggests nothing', async () => {
    const [root] = await findings('validate', edited(/\ntools:\n/, '\ntool:\n'));
    assert.equal(root!.rule, 'mcpdesc.document.schema');
    assert.equal(root!.code, 'unknown-property');
    assert.match(root!.message, /"tool" on the MCP Description Object \(did you mean tools\?\)/);
    const [far] = await findings('validate', edited(/\ntools:\n/, '\nwidgets:\n'));
    assert.equal(far!.code, 'unknown-property');
    assert.doesNotMatch(far!.message, /did you mean/);
  });

  test('readonlyHint: closed annotations (0.9.0-rc.3) say unknown property, open ones (0.8.0) lint names it', async () => {
    const misspelt = edited('      readOnlyHint: true', '      readonlyHint: true');
    const rc = await findings('validate', edited(/^mcpdesc: .*$/m, 'mcpdesc: 0.9.0-rc.3', misspelt));
    const unknown = rc.find((d) => d.code === 'unknown-property')!;
    assert.equal(unknown.rule, 'mcp.tool-annotations.members');
    assert.match(unknown.message, /"readonlyHint" on the Tool Annotations Object \(did you mean readOnlyHint\?\)/);
    const lint = await findings('lint', misspelt);
    const missing = lint.find((d) => d.code === 'missing-read-only-hint')!;
    assert.equal(missing.rule, 'lint.tool.annotations.explicit');
    assert.match(missing.message, /\("readonlyHint" is set instead: did you mean readOnlyHint\?\)$/);
    // Spelt right: no such finding at all.
    assert.equal(
      (await findings('lint', example)).some((d) => d.code === 'missing-read-only-hint'),
      false,
    );
  });

  test('a $componentRef to a missing component names the nearest in that namespace', async () => {
    const withComponent = edited(
      /\ntools:\n/,
      '\ncomponents:\n  schemas:\n    BookQuery:\n      type: object\n    Unrelated:\n      type: object\ntools:\n',
    );
    const text = edited(
      /( {2}- name: search_books\n(?:.*\n)*?) {4}inputSchema:\n {6}type: object\n(?: {6}.*\n| {8}.*\n)*/,
      "$1    inputSchema: { $componentRef: '#/components/schemas/BookQuerry' }\n",
      withComponent,
    );
    const missing = (await findings('validate', text)).find((d) => d.code === 'missing-target')!;
    assert.equal(missing.rule, 'mcpdesc.components.references');
    assert.match(missing.message, /no component "BookQuerry" in components\.schemas \(did you mean BookQuery\?\)/);
  });

  test('an option value outside its choices names the nearest choice; exit 2', async () => {
    const format = await runCli(['validate', 'doc.json', '--format', 'stylsh'], { files: { 'doc.json': '{}' } });
    assert.equal(format.code, 2);
    assert.match(
      format.stderr,
      /argument 'stylsh' is invalid\. Allowed choices are [^\n]* \(did you mean stylish\?\)\.\n/,
    );
    const diff = await runCli(['diff', 'a.json', 'b.json', '--format', 'markdwn']);
    assert.match(diff.stderr, /\(did you mean markdown\?\)\./);
    // The alias stylish is suggested wherever text is a choice, diff included; text where it is nearer.
    const alias = await runCli(['diff', 'a.json', 'b.json', '--format', 'stylsh']);
    assert.match(alias.stderr, /Allowed choices are text, json, markdown \(did you mean stylish\?\)\./);
    const text = await runCli(['rules', '--format', 'tex']);
    assert.match(text.stderr, /\(did you mean text\?\)\./);
    const far = await runCli(['validate', 'doc.json', '--format', 'zzzzzz'], { files: { 'doc.json': '{}' } });
    assert.equal(far.code, 2);
    assert.doesNotMatch(far.stderr, /did you mean/);
  });
});
