/**
 * Re-recording's inputs (record-inputs.ts): the existing description's inline examples under their
 * names, Reference Objects left alone, the --inputs file winning a name both give.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { combineInputs, inputsFromExamples } from 'mcpdesc-toolkit/internal/live/record-inputs.js';
import { inputSourceKey } from 'mcpdesc-toolkit/internal/live/record.js';

const document = {
  tools: [
    {
      name: 'echo',
      examples: {
        hello: { input: { message: 'hi' }, result: { content: [] }, 'x-mcpdesc-volatile': ['/content'] },
        shared: { $ref: '#/components/toolExamples/shared' },
      },
    },
    { name: 'echo', protocolVersions: ['2025-06-18'], examples: { later: { input: { message: 'x' }, result: {} } } },
    { name: 'plain' },
  ],
  prompts: [
    {
      name: 'greet',
      examples: { bare: { result: {} }, ada: { arguments: { who: 'Ada' }, result: {} } },
      completionExamples: {
        w: { argument: { name: 'who', value: 'A' }, context: { arguments: { lang: 'en' } }, result: {} },
      },
    },
  ],
  resourceTemplates: [{ uriTemplate: 'demo://{id}', examples: { one: { uri: 'demo://1', result: {} } } }],
};

test('inputsFromExamples: inline examples under their names; $ref examples and later variants of an identity are not re-recorded', () => {
  assert.deepEqual(inputsFromExamples(document), {
    tools: { echo: { hello: { message: 'hi' } } },
    prompts: { greet: { ada: { who: 'Ada' }, bare: {} } },
    resourceTemplates: { 'demo://{id}': { one: 'demo://1' } },
    completions: {
      prompts: { greet: { w: { argument: { name: 'who', value: 'A' }, context: { arguments: { lang: 'en' } } } } },
      resourceTemplates: {},
    },
  });
});

test('combineInputs: the inputs file wins a name both give; the others are marked existing-example; volatile comes from the file', () => {
  const file = {
    tools: { echo: { hello: { message: 'from the file' }, extra: { message: 'new' } } },
    prompts: {},
    resourceTemplates: {},
    volatile: { tools: { echo: { extra: ['/content/*/text'] } } },
  };
  const { inputs, sources } = combineInputs(file, inputsFromExamples(document));
  assert.deepEqual(inputs.tools, { echo: { hello: { message: 'from the file' }, extra: { message: 'new' } } });
  assert.equal(sources.get(inputSourceKey('tools', 'echo', 'hello')), undefined);
  assert.equal(sources.get(inputSourceKey('tools', 'echo', 'extra')), undefined);
  assert.equal(sources.get(inputSourceKey('prompts', 'greet', 'ada')), 'existing-example');
  assert.equal(sources.get(inputSourceKey('completions.prompts', 'greet', 'w')), 'existing-example');
  assert.equal(sources.get(inputSourceKey('resourceTemplates', 'demo://{id}', 'one')), 'existing-example');
  assert.deepEqual(inputs.volatile, file.volatile);
  assert.deepEqual(combineInputs(undefined, inputsFromExamples({})).inputs.tools, {});
});
