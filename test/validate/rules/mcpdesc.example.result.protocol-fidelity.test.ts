import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcpdesc.example.result.protocol-fidelity.js';
import { text, ok, legacyOk, one, v26, P } from '../../helpers/tool-example-documents.js';

testRule(rule, {
  valid: [
    {
      name: '0.9.0-rc.3: resultType before 2026-07-28 follows 3.6',
      doc: { ...doc(one({ input: {}, result: ok })), mcpdesc: '0.9.0-rc.3' },
    },
    { name: 'resultType in 2026-07-28', doc: doc(one({ input: {}, result: ok }), v26) },
    {
      name: 'no resultType in 2025-11-25',
      doc: doc(one({ input: {}, result: { content: [text, { type: 'resource_link', uri: 'file:///a', name: 'a' }] } })),
    },
    {
      name: 'serverInfo on a 2026-07-28 result',
      doc: doc(
        one({
          input: {},
          result: { ...ok, _meta: { 'io.modelcontextprotocol/serverInfo': { name: 's', version: '1' } } },
        }),
        v26,
      ),
    },
  ],
  invalid: [
    {
      name: 'missing resultType',
      doc: doc(one({ input: {}, result: legacyOk }), v26),
      errors: [{ code: 'result-type-missing', pointer: `${P}/result` }],
    },
    {
      name: 'resultType before 2026-07-28',
      doc: doc(one({ input: {}, result: ok })),
      errors: [{ code: 'result-type-revision', pointer: `${P}/result/resultType` }],
    },
    {
      name: 'structuredContent before 2025-06-18',
      doc: doc(one({ input: {}, result: { ...legacyOk, structuredContent: {} } }), ['2025-03-26']),
      errors: [{ code: 'structured-content-revision', pointer: `${P}/result/structuredContent` }],
    },
    {
      name: '_meta before 2025-06-18',
      doc: doc(one({ input: {}, result: { ...legacyOk, _meta: {} } }), ['2025-03-26']),
      errors: [{ code: 'meta-revision', pointer: `${P}/result/_meta` }],
    },
    {
      name: 'malformed result _meta key',
      doc: doc(one({ input: {}, result: { ...ok, _meta: { 'a b': 1 } } }), v26),
      errors: [{ code: 'meta-key-malformed', pointer: `${P}/result/_meta/a b` }],
    },
    {
      name: 'request-only key on a result',
      doc: doc(one({ input: {}, result: { ...ok, _meta: { progressToken: 1 } } }), v26),
      errors: [{ code: 'meta-reserved-key-context', pointer: `${P}/result/_meta/progressToken` }],
    },
    {
      name: 'serverInfo not an Implementation',
      doc: doc(one({ input: {}, result: { ...ok, _meta: { 'io.modelcontextprotocol/serverInfo': 'x' } } }), v26),
      errors: [{ code: 'meta-reserved-key-value', pointer: `${P}/result/_meta/io.modelcontextprotocol~1serverInfo` }],
    },
    {
      name: 'unknown reserved key on a result',
      doc: doc(one({ input: {}, result: { ...ok, _meta: { 'dev.mcp/x': 1 } } }), v26),
      errors: [{ code: 'meta-reserved-key-unknown', pointer: `${P}/result/_meta/dev.mcp~1x` }],
    },
  ],
});
