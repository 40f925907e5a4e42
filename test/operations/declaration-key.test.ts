import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { scopedCollections } from 'mcpdesc-core/internal/model/document.js';
import { canonicalJson } from 'mcpdesc-core/internal/model/json.js';
import { declarationKey, normalizeDeclaration } from 'mcpdesc-core/internal/operations/equivalent.js';
import { validCorpus, weather } from './documents.js';

describe('declarationKey', () => {
  test('is the canonical text of the normalized declaration, for every declaration of the valid corpus', () => {
    let checked = 0;
    for (const { name, document } of validCorpus()) {
      for (const collection of scopedCollections) {
        const list = document[collection];
        if (!Array.isArray(list)) continue;
        for (const declaration of list) {
          assert.equal(
            declarationKey(collection, declaration),
            canonicalJson(normalizeDeclaration(collection, declaration)),
            `${name} ${collection}`,
          );
          checked++;
        }
      }
    }
    assert.ok(checked > 100, `${checked} declarations`);
  });

  test('equal for a reordered set-like member, different for a changed value', () => {
    const tool = weather().tools[0];
    const reordered = { ...tool, tags: ['b', 'a', 'b'], protocolVersions: ['2025-11-25', '2025-06-18'] };
    const sorted = { ...tool, protocolVersions: ['2025-06-18', '2025-11-25'], tags: ['a', 'b'] };
    assert.equal(declarationKey('tools', reordered), declarationKey('tools', sorted));
    assert.notEqual(declarationKey('tools', sorted), declarationKey('tools', { ...sorted, title: 'other' }));
    // tags is a set only on primitives: on a transport, order counts.
    assert.notEqual(
      declarationKey('transports', { type: 'stdio', tags: ['b', 'a'] }),
      declarationKey('transports', { type: 'stdio', tags: ['a', 'b'] }),
    );
  });
});
