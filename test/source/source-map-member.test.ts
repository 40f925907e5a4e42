import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Range } from 'mcpdesc-core/internal/model/diagnostic.js';
import { parseDescription } from 'mcpdesc-core/internal/source/parse.js';

/** The text a range covers (one-based lines and UTF-16 columns). */
function covered(text: string, range: Range | undefined): string | undefined {
  if (!range) return undefined;
  const lines = text.split('\n');
  const offset = (p: Range['start']) => lines.slice(0, p.line - 1).reduce((n, l) => n + l.length + 1, 0) + p.column - 1;
  return text.slice(offset(range.start), offset(range.end));
}

const yaml = 'tools:\n  - name: a\n    inputSchema:\n      $schema: x\n      type: object\n';
const json = '{"tools": [{"name": "a", "inputSchema": {"$schema": "x", "type": "object"}}]}';

test("part 'member': an object or array under a key starts at its key; a scalar or an array item is its value", () => {
  for (const text of [yaml, json]) {
    const map = parseDescription(text).sourceMap;
    const member = (pointer: string) => covered(text, map.rangeOf(pointer, 'member'));
    assert.match(member('/tools/0/inputSchema')!, /^"?inputSchema"?:/, text);
    assert.match(member('/tools/0/inputSchema')!, /object"?\s*}?$/);
    assert.match(member('/tools')!, /^"?tools"?:/);
    assert.equal(member('/tools/0/name'), covered(text, map.rangeOf('/tools/0/name', 'value')));
    assert.equal(member('/tools/0'), covered(text, map.rangeOf('/tools/0', 'value')));
    assert.equal(member(''), covered(text, map.rangeOf('', 'value')));
    assert.equal(map.rangeOf('/tools/1', 'member'), undefined);
  }
  // The value alone still starts at the object's first member in YAML (the $schema line).
  assert.match(covered(yaml, parseDescription(yaml).sourceMap.rangeOf('/tools/0/inputSchema'))!, /^\$schema/);
});
