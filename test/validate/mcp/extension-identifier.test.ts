import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extensionCatalogue } from 'mcpdesc-core/internal/validate/mcp/extension-catalogue.js';
import { classifyIdentifier, isExtensionIdentifier } from 'mcpdesc-core/internal/validate/mcp/extension-identifier.js';
import { docs as extensionIdentifierDocs } from 'mcpdesc-core/internal/validate/rules/mcp.extension.identifier.js';

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
  assert.match(extensionIdentifierDocs().summary, /effective 2026-09-09/);
});
