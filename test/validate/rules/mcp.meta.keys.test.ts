import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcp.meta.keys.js';

const tool = (meta: Record<string, unknown>) => ({
  tools: [{ name: 't', inputSchema: { type: 'object' }, _meta: meta }],
});

const prompt = (meta: Record<string, unknown>) => ({ prompts: [{ name: 'p', _meta: meta }] });

testRule(rule, {
  valid: [
    {
      name: 'prefixed and unprefixed keys',
      doc: doc(tool({ 'com.example/status': 'stable', display_hint: 'compact', traceparent: 'x' }), ['2026-07-28']),
    },
    { name: 'empty name after prefix', doc: doc(tool({ 'com.example/': 1 }), ['2025-11-25']) },
    {
      name: 'com.example.mcp is not reserved from 2025-11-25',
      doc: doc(tool({ 'com.example.mcp/x': 1 }), ['2025-11-25']),
    },
    { name: 'legacy revisions define no key grammar', doc: doc(tool({ 'bad key': 1 }), ['2025-03-26']) },
  ],
  invalid: [
    {
      name: 'space in key',
      doc: doc(tool({ 'bad key': true }), ['2025-11-25']),
      errors: [{ code: 'meta-key-malformed', pointer: '/tools/0/_meta/bad key' }],
    },
    {
      name: 'label ends with hyphen',
      doc: doc(prompt({ 'com.example-/x': 1 }), ['2025-06-18']),
      errors: [{ code: 'meta-key-malformed', pointer: '/prompts/0/_meta/com.example-~1x' }],
    },
    {
      name: 'request-only progressToken on a declaration',
      doc: doc(tool({ progressToken: 'r' }), ['2026-07-28']),
      errors: [{ code: 'meta-reserved-key-context', pointer: '/tools/0/_meta/progressToken' }],
    },
    {
      name: 'serverInfo on a declaration',
      doc: doc(tool({ 'io.modelcontextprotocol/serverInfo': { name: 'a', version: '1' } }), ['2026-07-28']),
      errors: [{ code: 'meta-reserved-key-context', pointer: '/tools/0/_meta/io.modelcontextprotocol~1serverInfo' }],
    },
    {
      name: 'unknown reserved key',
      doc: doc(prompt({ 'io.modelcontextprotocol/future-key': {} }), ['2026-07-28']),
      errors: [
        {
          code: 'meta-reserved-key-unknown',
          pointer: '/prompts/0/_meta/io.modelcontextprotocol~1future-key',
          severity: 'warning',
        },
      ],
    },
    {
      name: '2025-06-18 reserves mcp in any label but the last',
      doc: doc(prompt({ 'tools.mcp.com/x': 1 }), ['2025-06-18']),
      errors: [{ code: 'meta-reserved-key-unknown', pointer: '/prompts/0/_meta/tools.mcp.com~1x' }],
    },
  ],
});
