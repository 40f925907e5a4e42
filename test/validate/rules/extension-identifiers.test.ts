import assert from 'node:assert/strict';
import { test } from 'node:test';
import { doc, testRule } from '../../helpers/rule-tester.js';
import {
  classifyIdentifier,
  extensionIdentifierRule,
  isExtensionIdentifier,
} from '../../../src/validate/rules/extension-identifiers.js';
import { extensionCatalogue } from '../../../src/validate/rules/extension-catalogue.js';

const v = ['2026-07-28'];
const reqTool = (extensions: unknown) => ({
  name: 't',
  inputSchema: { type: 'object' },
  clientRequirements: { extensions },
});

testRule(extensionIdentifierRule, {
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

test('extension identifier grammar and catalogue', () => {
  assert.equal(isExtensionIdentifier('io.modelcontextprotocol/ui'), true);
  assert.equal(isExtensionIdentifier('com.example/a.b'), true);
  assert.equal(isExtensionIdentifier('com..example/a'), false);
  assert.equal(isExtensionIdentifier('com.example/a/b'), false);
  assert.equal(classifyIdentifier('io.modelcontextprotocol/tasks'), undefined);
  assert.equal(classifyIdentifier('io.mcp/whatever'), 'unknown-reserved');
  assert.equal(classifyIdentifier('mcp.io/whatever'), undefined);
  assert.equal(extensionCatalogue.effectiveDate, '2026-09-09');
  assert.ok(extensionCatalogue.source.length > 0);
  for (const maturity of Object.values(extensionCatalogue.entries))
    assert.ok(maturity === 'official' || maturity === 'experimental');
  assert.match(extensionIdentifierRule.docs.summary, /effective 2026-09-09/);
});
