import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcp.extension.identifier.js';

const v = ['2026-07-28'];

const reqTool = (extensions: unknown) => ({
  name: 't',
  inputSchema: { type: 'object' },
  clientRequirements: { extensions },
});

testRule(rule, {
  valid: [
    {
      name: 'third-party and catalogued official identifiers',
      doc: doc(
        {
          capabilities: [
            { extensions: { 'com.example/custom-feature': {}, 'io.modelcontextprotocol/ui': {}, 'a/b.c_d-e': {} } },
          ],
        },
        v,
      ),
    },
    {
      name: 'client requirement with catalogued identifiers',
      doc: doc({ tools: [reqTool({ 'io.modelcontextprotocol/tasks': {} })] }, v),
    },
    {
      name: 'single-label mcp prefix is not reserved',
      doc: doc({ capabilities: [{ extensions: { 'mcp/thing': {} } }] }, v),
    },
  ],
  invalid: [
    {
      name: 'missing prefix and x-* key',
      doc: doc({ capabilities: [{ extensions: { 'missing-prefix': {}, 'x-example-policy': {} } }] }, v),
      errors: [
        { code: 'malformed-identifier', pointer: '/capabilities/0/extensions/missing-prefix' },
        { code: 'malformed-identifier', pointer: '/capabilities/0/extensions/x-example-policy' },
      ],
    },
    {
      name: 'malformed labels and names in client requirements',
      doc: doc(
        { tools: [reqTool({ '1com.example/x': {}, 'com.example-/x': {}, 'com.example/-x': {}, 'com.example/': {} })] },
        v,
      ),
      errors: [
        { code: 'malformed-identifier', pointer: '/tools/0/clientRequirements/extensions/1com.example~1x' },
        { code: 'malformed-identifier', pointer: '/tools/0/clientRequirements/extensions/com.example-~1x' },
        { code: 'malformed-identifier', pointer: '/tools/0/clientRequirements/extensions/com.example~1-x' },
        { code: 'malformed-identifier', pointer: '/tools/0/clientRequirements/extensions/com.example~1' },
      ],
    },
    {
      name: 'unknown identifiers under reserved prefixes warn',
      doc: doc(
        { capabilities: [{ extensions: { 'io.modelcontextprotocol/future-capability': {}, 'dev.mcp/x': {} } }] },
        v,
      ),
      errors: [
        {
          code: 'unknown-reserved-identifier',
          pointer: '/capabilities/0/extensions/io.modelcontextprotocol~1future-capability',
          severity: 'warning',
        },
        { code: 'unknown-reserved-identifier', pointer: '/capabilities/0/extensions/dev.mcp~1x', severity: 'warning' },
      ],
    },
  ],
});
