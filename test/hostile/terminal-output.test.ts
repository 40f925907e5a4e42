import assert from 'node:assert/strict';
import { test } from 'node:test';
import { neutralizeOutput, printableLine } from 'mcpdesc-core/internal/report/control-characters.js';
import { parseDescription } from 'mcpdesc-core/internal/source/index.js';
import { runCli } from '../helpers/cli.js';

/**
 * Finding 15: a document (or a server) that carries terminal escape sequences — set the window
 * title, clear the screen, 8-bit CSI, a bidi override — gets none of them onto the terminal
 * through any output, and the machine formats keep them losslessly (escaped).
 */
const payload = '\u001b]0;PWNED\u0007\u001b[2J\u009b31m\u202eX\rY';
/** What may not appear raw in any output: C0 but tab/LF, a CR not before LF, DEL, C1, bidi controls. */
const unsafe = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/;

function description(name: string, tools: unknown[]): string {
  return JSON.stringify({
    mcpdesc: '0.8.0',
    info: { name, version: '1.0.0', description: 'server' + payload },
    protocolVersions: ['2025-11-25'],
    transports: [{ type: 'stdio', command: 'server' }],
    tools,
  });
}

const old = description('s', [{ name: 't', description: 'tool' + payload, inputSchema: { type: 'object' } }]);
const changed = description('s', [
  { name: 't', description: 'changed' + payload, inputSchema: { type: 'object' } },
  { name: 't' + payload, inputSchema: { type: 'object' } },
]);
/** An invalid document whose messages, pointers and source lines carry the payload. */
const invalid = JSON.stringify({
  mcpdesc: '0.8.0',
  info: { name: 's', version: payload },
  protocolVersions: ['2025-11-25', payload],
  transports: [{ type: 'stdio', command: 'x' }],
  tools: [{ name: 'x' + payload, inputSchema: { type: 'object', ['x-' + payload]: 1 } }],
});
const files = { 'old.json': old, 'new.json': changed, 'bad.json': invalid };

const runs: [string, string[]][] = [
  ['diff text', ['diff', 'old.json', 'new.json']],
  ['diff markdown', ['diff', 'old.json', 'new.json', '--format', 'markdown']],
  ['diff json', ['diff', 'old.json', 'new.json', '--format', 'json']],
  ['docs markdown', ['docs', 'new.json', '--markdown']],
  ['docs html', ['docs', 'new.json']],
  ['convert yaml', ['convert', 'new.json', '--to', 'yaml']],
  ['convert json', ['convert', 'new.json', '--to', 'json']],
  ['validate stylish', ['validate', 'bad.json']],
  ['validate json', ['validate', 'bad.json', '--format', 'json']],
  ['validate sarif', ['validate', 'bad.json', '--format', 'sarif']],
  ['validate github', ['validate', 'bad.json', '--format', 'github']],
  ['validate junit', ['validate', 'bad.json', '--format', 'junit']],
  ['lint stylish', ['lint', 'bad.json']],
  ['merge (stderr report)', ['merge', 'old.json', 'bad.json']],
  ['a file name with the payload', ['validate', 'missing' + payload + '.json']],
];

for (const [name, args] of runs) {
  test(`no raw control character reaches the output: ${name}`, async () => {
    const run = await runCli(args, { files, filesOnly: true });
    assert.ok(run.stdout.length + run.stderr.length > 0, 'the command printed nothing, so the test proves nothing');
    assert.doesNotMatch(run.stdout, unsafe, `stdout: ${JSON.stringify(run.stdout.slice(0, 400))}`);
    assert.doesNotMatch(run.stderr, unsafe, `stderr: ${JSON.stringify(run.stderr.slice(0, 400))}`);
  });
}

test('the machine formats keep the payload losslessly (escaped, decoded back)', async () => {
  const diff = JSON.parse((await runCli(['diff', 'old.json', 'new.json', '--format', 'json'], { files })).stdout);
  assert.ok(JSON.stringify(diff).includes(JSON.stringify(payload).slice(1, -1)), 'diff json lost the payload');
  const yaml = (await runCli(['convert', 'new.json', '--to', 'yaml'], { files })).stdout;
  assert.deepEqual(parseDescription(yaml, { format: 'yaml' }).document, JSON.parse(changed));
  const json = (await runCli(['convert', 'new.json', '--to', 'json'], { files })).stdout;
  assert.deepEqual(JSON.parse(json), JSON.parse(changed));
  const sarif = (await runCli(['validate', 'bad.json', '--format', 'sarif'], { files })).stdout;
  assert.ok(sarif.includes('\\u009b'), 'the C1 control is not escaped');
  assert.ok(JSON.stringify(JSON.parse(sarif)).includes('\u009b31m'), 'sarif lost the C1 control');
  // Markdown: outside code, a character reference decodes to the character itself (the renderer drops C0 controls).
  const markdown = (await runCli(['docs', 'new.json', '--markdown'], { files })).stdout;
  assert.ok(markdown.includes('&#x9B;31m&#x202E;X'), markdown.slice(0, 600));
});

test('painted output keeps its own colours and rule links and nothing else', () => {
  const ours = '\u001b[1;31merror\u001b[0m \u001b]8;;https://mcpdesc.org/rules/x\u001b\\x\u001b]8;;\u001b\\';
  assert.equal(neutralizeOutput(ours + ' \u001b[2J\u001b]0;t\u0007', 'painted'), ours + ' ␛[2J␛]0;t␇');
  // An OSC 8 opener whose URI carries a control is not ours: neutralised.
  assert.equal(neutralizeOutput('\u001b]8;;a\u0007b\u001b\\', 'painted'), '␛]8;;a␇b␛\\');
  assert.equal(neutralizeOutput('a\r\nb\rc\td\n', 'text'), 'a\r\nb␍c\td\n');
  assert.equal(neutralizeOutput('"\u009b\u202e"', 'json'), '"\\u009b\\u202e"');
  assert.equal(neutralizeOutput('a\u001bb', 'markdown'), 'a&#x1B;b');
  assert.equal(printableLine('a\tb\nc\u007f'), 'a␉b␊c␡');
});

test('every unsafe character alone in a clean text is neutralised, in every kind (the quick clean-text check misses none)', () => {
  for (let code = 0; code <= 0xffff; code++) {
    const c = String.fromCharCode(code);
    if (!unsafe.test(c)) continue;
    for (const kind of ['text', 'painted', 'json', 'markdown', 'xml', 'html'] as const) {
      assert.ok(!neutralizeOutput(`clean ${c} text`, kind).includes(c), `U+${code.toString(16)} in ${kind}`);
    }
  }
});
