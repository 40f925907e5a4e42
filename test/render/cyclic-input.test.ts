import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderHtml, renderMarkdown } from 'mcpdesc-core';
import { nested } from '../helpers/caller-values.js';

const base = () => ({ mcpdesc: '0.8.0', info: { name: 'x', version: '1' }, protocolVersions: ['2025-11-25'] });

for (const [name, render] of [
  ['renderHtml', renderHtml],
  ['renderMarkdown', renderMarkdown],
] as const) {
  test(`${name} of a cyclic or too deep document: a TypeError naming the pointer, not a stack overflow`, () => {
    const schema: Record<string, unknown> = { type: 'object' };
    schema.properties = { self: schema };
    const cyclic = { ...base(), tools: [{ name: 't', inputSchema: schema }] };
    assert.throws(() => render(cyclic), {
      name: 'TypeError',
      message: new RegExp(
        `^${name}: the value is cyclic: /tools/0/inputSchema/properties/self refers back to /tools/0/inputSchema `,
      ),
    });
    assert.throws(() => render({ ...base(), 'x-deep': nested(10_000) }), {
      name: 'TypeError',
      message: new RegExp(`^${name}: the value nests deeper than 1000 levels`),
    });
    assert.throws(() => (render as (d: unknown, o: unknown) => string)(base(), 'title'), {
      message: `${name}: expected options to be an object or undefined, got a string ("title")`,
    });
    assert.ok(render(base()).length > 0);
  });
}
