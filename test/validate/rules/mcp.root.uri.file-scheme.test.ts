import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/validate/rules/mcp.root.uri.file-scheme.js';

type O = Record<string, unknown>;

const result = { content: [{ type: 'text', text: 'done' }] };

const result26 = { resultType: 'complete', ...result };

const scenario = (steps: unknown[], extra: O = {}, versions = ['2025-11-25']) =>
  doc(
    {
      tools: [
        {
          name: 't',
          inputSchema: { type: 'object' },
          ...extra,
          interactionExamples: { s: { input: {}, steps, result: versions.includes('2026-07-28') ? result26 : result } },
        },
      ],
    },
    versions,
  );

const S = '/tools/0/interactionExamples/s/steps';

const roots = (uri: string, extra: O = {}) => ({
  type: 'roots',
  request: {},
  response: { roots: [{ uri, name: 'w' }] },
  ...extra,
});

testRule(rule, {
  valid: [
    { name: 'file root', doc: scenario([roots('file:///workspace/example')]) },
    {
      name: 'several file roots',
      doc: scenario([
        { type: 'roots', request: {}, response: { roots: [{ uri: 'file:///a' }, { uri: 'file:///b' }] } },
      ]),
    },
  ],
  invalid: [
    {
      name: 'https root',
      doc: scenario([roots('https://example.com/x')]),
      errors: [{ code: 'not-file-uri', pointer: `${S}/0/response/roots/0/uri` }],
    },
    {
      name: 'second of two roots not a file URI',
      doc: scenario([
        { type: 'roots', request: {}, response: { roots: [{ uri: 'file:///a' }, { uri: 'http://example.com/b' }] } },
      ]),
      errors: [{ code: 'not-file-uri', pointer: `${S}/0/response/roots/1/uri` }],
    },
  ],
});
