import { testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcp.root.uri.file-scheme.js';
import { scenario, S, roots } from '../../helpers/interaction-documents.js';

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
