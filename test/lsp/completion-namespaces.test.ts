/**
 * `$componentRef` completion offers the components of the namespace the use site targets (17.3):
 * a tool's schema the schemas, a tool's example the tool examples, a prompt's example the prompt
 * examples, an elicitation's requested schema the schemas; elsewhere every namespace.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { completions } from 'mcpdesc-toolkit/internal/lsp/completion.js';

const components = {
  schemas: { S: { type: 'object' } },
  toolExamples: { T: { arguments: {} } },
  resourceExamples: { R: { result: {} } },
  promptExamples: { P: { result: {} } },
};

function offered(document: unknown, text: string): string[] {
  const offset = text.indexOf('"$componentRef":"') + '"$componentRef":"'.length;
  return completions({ text, offset, format: 'json', document, positionAt: () => ({ line: 0, character: 0 }) })
    .map((i) => i.label)
    .sort();
}

test('the namespace of a $componentRef comes from its use site', () => {
  const cases: [string, Record<string, unknown>, string[]][] = [
    ['tool input schema', { tools: [{ name: 't', inputSchema: { $componentRef: '' } }] }, ['#/components/schemas/S']],
    [
      'tool example',
      { tools: [{ name: 't', inputSchema: {}, examples: { e: { $componentRef: '' } } }] },
      ['#/components/toolExamples/T'],
    ],
    [
      'prompt example',
      { prompts: [{ name: 'p', examples: { e: { $componentRef: '' } } }] },
      ['#/components/promptExamples/P'],
    ],
    [
      'elicitation requested schema',
      {
        tools: [{ name: 't', inputSchema: {}, elicitations: [{ name: 'x', requestedSchema: { $componentRef: '' } }] }],
      },
      ['#/components/schemas/S'],
    ],
  ];
  for (const [name, body, expected] of cases) {
    const document = { mcpdesc: '0.8.0', ...body, components };
    assert.deepEqual(offered(document, JSON.stringify(document)), expected, name);
  }
  const anywhere = { mcpdesc: '0.8.0', info: { $componentRef: '' }, components };
  assert.equal(offered(anywhere, JSON.stringify(anywhere)).length, 4, 'no namespace: every component');
});
