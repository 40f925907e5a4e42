import { rule } from 'mcpdesc-core/internal/lint/rules/lint.extension.naming.js';
import { doc, testRule } from '../../helpers/rule-tester.js';

const tool = (extra: Record<string, unknown>) => ({ name: 't', inputSchema: { type: 'object' }, ...extra });

testRule(rule, {
  valid: [
    {
      name: 'lowercase organization prefix',
      doc: doc({ 'x-acme-owner': 1, tools: [tool({ 'x-acme-Risk': 'high' })] }),
    },
    { name: 'no feature part: no identifiable organization prefix', doc: doc({ 'x-Internal': true }) },
    {
      name: 'x- key in a domain map is not an extension',
      doc: doc({ transports: [{ type: 'stdio', command: 'c', env: { 'x-Acme-token': 'v' } }] }),
    },
    {
      name: 'x- keyword in an embedded schema is not an extension',
      doc: doc({ tools: [tool({ inputSchema: { type: 'object', 'x-Acme-hint': 1 } })] }),
    },
    { name: 'x- key in _meta is MCP metadata', doc: doc({ tools: [tool({ _meta: { 'x-Acme-id': 1 } })] }) },
  ],
  invalid: [
    {
      name: 'uppercase organization prefix on the root and a tool',
      doc: doc({ 'x-ACME-owner': 1, tools: [tool({ 'x-Acme-risk': 'high' })] }),
      errors: [
        { code: 'uppercase-organization', pointer: '/x-ACME-owner', severity: 'warning' },
        { code: 'uppercase-organization', pointer: '/tools/0/x-Acme-risk', severity: 'warning' },
      ],
    },
    {
      name: 'nested eligible objects: security flow, example wrapper, component example',
      doc: doc({
        securitySchemes: {
          o: {
            type: 'oauth2',
            flows: { password: { tokenUrl: 'https://a.example/t', scopes: {}, 'x-Corp-policy': 1 } },
          },
        },
        tools: [tool({ examples: { e: { input: {}, result: { content: [] }, 'x-Corp-note': 1 } } })],
        components: { toolExamples: { E: { input: {}, result: { content: [] }, 'x-Corp-note': 1 } } },
      }),
      errors: [
        { code: 'uppercase-organization', pointer: '/securitySchemes/o/flows/password/x-Corp-policy' },
        { code: 'uppercase-organization', pointer: '/tools/0/examples/e/x-Corp-note' },
        { code: 'uppercase-organization', pointer: '/components/toolExamples/E/x-Corp-note' },
      ],
    },
  ],
});
