import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatSarif, ruleHelpUri } from 'mcpdesc-core/internal/report/sarif.js';
import { runCli } from '../helpers/cli.js';

test('rules ID/CODE: the form every diagnostic prints shows that code and its rule', async () => {
  const { code, stdout } = await runCli(['rules', 'mcp.tool.input-schema.x-mcp-header/duplicate-x-mcp-header']);
  assert.equal(code, 0);
  assert.match(
    stdout,
    /^mcp\.tool\.input-schema\.x-mcp-header\/duplicate-x-mcp-header\n\nseverity: error\nmessage: x-mcp-header/,
  );
  assert.match(stdout, /spec section: MCP Description specification, section 9\.2/);
  assert.match(stdout, /reference: https:\/\/mcpdesc\.org\/rules\/mcp\.tool\.input-schema\.x-mcp-header\n/);
  assert.match(stdout, /fails:/, "the rule's docs follow");
  const json = JSON.parse((await runCli(['rules', '--format', 'json', 'mcpdesc.version/unrecognized'])).stdout);
  assert.deepEqual(
    [json.id, json.code, json.severity, json.rule.id],
    ['mcpdesc.version', 'unrecognized', 'error', 'mcpdesc.version'],
  );
});

test("rules ID/CODE: an unknown code lists the rule's codes; an unknown rule is a usage error", async () => {
  const unknownCode = await runCli(['rules', 'mcpdesc.version/nope']);
  assert.equal(unknownCode.code, 2);
  assert.match(unknownCode.stderr, /rule "mcpdesc\.version" has no code "nope"; its codes: unrecognized/);
  const unknownRule = await runCli(['rules', 'no.such.rule/code']);
  assert.equal(unknownRule.code, 2);
  assert.match(unknownRule.stderr, /no rule "no\.such\.rule"/);
});

test('rules: a lint rule names the design guide section and its reference', async () => {
  const { stdout } = await runCli(['rules', 'lint.tool.name.length']);
  assert.match(stdout, /spec section: MCP tool-schema design guide, section 1\n/);
  assert.match(stdout, /reference: https:\/\/mcpdesc\.org\/rules\/lint\.tool\.name\.length/);
});

test('SARIF: a known rule carries fullDescription, help and helpUri; results keep ruleId', () => {
  const log = JSON.parse(
    formatSarif(
      {
        files: [
          {
            file: 'a.yaml',
            valid: false,
            complete: true,
            diagnostics: [
              { rule: 'known', code: 'c', severity: 'error', message: 'm', pointer: '', spec: '9.2' },
              { rule: 'unknown', code: 'c', severity: 'error', message: 'm', pointer: '' },
            ],
          },
        ],
      },
      { rules: new Map([['known', { summary: 'Known things hold.', spec: 'guide 3' }]]) },
    ),
  );
  const [known, unknown] = log.runs[0].tool.driver.rules;
  assert.deepEqual(known, {
    id: 'known',
    shortDescription: { text: 'Known things hold.' },
    fullDescription: { text: 'Known things hold.' },
    help: { text: 'Known things hold.\n\nMCP tool-schema design guide, section 3.' },
    helpUri: 'https://mcpdesc.org/rules/known',
    properties: { spec: 'guide 3' },
  });
  assert.deepEqual(unknown, { id: 'unknown' }, 'no link to a page that does not exist');
  assert.deepEqual(
    log.runs[0].results.map((r: { ruleId: string }) => r.ruleId),
    ['known', 'unknown'],
  );
  assert.equal(ruleHelpUri('a/b'), 'https://mcpdesc.org/rules/a%2Fb');
});
