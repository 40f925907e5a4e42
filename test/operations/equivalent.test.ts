import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { compareDocuments, equivalent } from 'mcpdesc-core/internal/operations/equivalent.js';
import { weather } from './documents.js';

/** Asserts equivalence both ways (with the first difference in the message). */
function same(a: unknown, b: unknown, options = {}): void {
  assert.ok(equivalent(a, b, options), JSON.stringify(compareDocuments(a, b, options).differences));
  assert.ok(equivalent(b, a, options));
}

function different(a: unknown, b: unknown, options = {}): void {
  assert.equal(equivalent(a, b, options), false);
  assert.equal(equivalent(b, a, options), false);
}

function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).reverse()) out[key] = reverseKeys((value as Record<string, unknown>)[key]);
  return out;
}

/** A document with one Tool whose example has ordered protocol payloads. */
function withExample(): Record<string, any> {
  const d = weather();
  d.tools[0].examples = {
    basic: {
      input: { city: 'Oslo' },
      result: {
        content: [
          { type: 'text', text: 'first' },
          { type: 'text', text: 'second' },
        ],
      },
    },
  };
  return d;
}

describe('equivalent: what does not matter', () => {
  test('a document is equivalent to itself and to a copy', () => {
    same(weather(), weather());
  });

  test('property order', () => {
    same(weather(), reverseKeys(weather()));
  });

  test('declaration order (transports, capabilities, tools, prompts, elicitations)', () => {
    const b = weather();
    b.tools.reverse();
    b.transports.reverse();
    b.capabilities.reverse();
    b.tools[2].elicitations.push({ name: 'confirm', mode: 'url', message: 'Confirm.' });
    const a = weather();
    a.tools[0].elicitations.unshift({ name: 'confirm', mode: 'url', message: 'Confirm.' });
    same(a, b);
  });

  test('protocolVersions order, root and declarations', () => {
    const b = weather();
    b.protocolVersions.reverse();
    b.transports[1].protocolVersions = ['2025-11-25', '2025-11-25'];
    same(weather(), b);
  });

  test('security requirement alternative, scheme and scope order', () => {
    const a = weather();
    const b = weather();
    a.securitySchemes.oauth = {
      type: 'oauth2',
      flows: { clientCredentials: { tokenUrl: 'https://a.example/t', scopes: {} } },
    };
    b.securitySchemes.oauth = a.securitySchemes.oauth;
    a.tools[0].security = [{ oauth: ['read', 'write'], bearer: [] }, {}];
    b.tools[0].security = [{}, { bearer: [], oauth: ['write', 'read'] }];
    same(a, b);
  });

  test('omitted scope versus an explicit full-parent scope (declaration and elicitation)', () => {
    const b = weather();
    b.tools[0].protocolVersions = ['2025-06-18', '2025-11-25'];
    b.transports[0].protocolVersions = ['2025-11-25', '2025-06-18'];
    b.prompts[0].elicitations = [{ name: 'e', mode: 'url', message: 'Go.', protocolVersions: ['2025-11-25'] }];
    const a = weather();
    a.prompts[0].elicitations = [{ name: 'e', mode: 'url', message: 'Go.' }];
    same(a, b);
  });

  test('one declaration over two revisions versus two equal scoped variants', () => {
    const b = weather();
    const [first] = b.transports;
    b.transports.splice(
      0,
      1,
      { ...first, protocolVersions: ['2025-06-18'] },
      { ...first, protocolVersions: ['2025-11-25'] },
    );
    same(weather(), b);
  });

  test('per-primitive tag reference order', () => {
    const a = weather();
    const b = weather();
    a.tools[0].tags = ['weather', 'unused'];
    b.tools[0].tags = ['unused', 'weather'];
    same(a, b);
  });

  test('a $componentRef versus the value it designates; unused components; $schema', () => {
    const b = weather();
    b.tools[1].inputSchema = { type: 'object', additionalProperties: false };
    delete b.components.schemas.Unused;
    b.$schema = 'https://mcpdesc.org/schema/mcp-description/0.8.0.json';
    same(weather(), b);
    different(weather(), b, { references: 'literal' });
  });
});

describe('equivalent: what matters', () => {
  test('omitted security, security: [] and security: [{}] are three different things (root, transport, tool)', () => {
    const forms = [undefined, [], [{}]];
    for (const at of [(d: any) => d, (d: any) => d.transports[0], (d: any) => d.tools[1]]) {
      const docs = forms.map((form) => {
        const d = weather();
        const target = at(d);
        if (form === undefined) delete target.security;
        else target.security = form;
        return d;
      });
      different(docs[0], docs[1]);
      different(docs[0], docs[2]);
      different(docs[1], docs[2]);
    }
  });

  test('an empty scope array versus a non-empty one in a security requirement', () => {
    const a = weather();
    const b = weather();
    a.tools[0].security = [{ bearer: [] }];
    b.tools[0].security = [{ bearer: ['x'] }];
    different(a, b);
  });

  test('scopes: a declaration for one revision versus for both', () => {
    const b = weather();
    b.prompts[0].protocolVersions = ['2025-06-18', '2025-11-25'];
    different(weather(), b);
    const report = compareDocuments(weather(), b);
    assert.deepEqual(
      report.differences.map((d) => d.revision),
      ['2025-06-18'],
    );
  });

  test('root protocolVersions', () => {
    const b = weather();
    b.protocolVersions = ['2025-11-25'];
    different(weather(), b);
  });

  test('content block order in an example result', () => {
    const b = withExample();
    b.tools[0].examples.basic.result.content.reverse();
    different(withExample(), b);
  });

  test('root tag catalogue order (display priority)', () => {
    const b = weather();
    b.tags.reverse();
    different(weather(), b);
  });

  test('resource read contents order', () => {
    const make = (order: string[]) => {
      const d = weather();
      d.resources = [
        {
          uri: 'weather://today',
          name: 'today',
          examples: { now: { result: { contents: order.map((text) => ({ uri: 'weather://today', text })) } } },
        },
      ];
      return d;
    };
    different(make(['a', 'b']), make(['b', 'a']));
    same(make(['a', 'b']), make(['a', 'b']));
  });

  test('prompt messages order and completion values order', () => {
    const make = (messages: string[], values: string[]) => {
      const d = weather();
      d.prompts[0].arguments = [{ name: 'city' }];
      d.prompts[0].examples = {
        x: { result: { messages: messages.map((text) => ({ role: 'user', content: { type: 'text', text } })) } },
      };
      d.prompts[0].completionExamples = {
        c: { argument: { name: 'city', value: 'O' }, result: { completion: { values } } },
      };
      return d;
    };
    different(make(['a', 'b'], ['x']), make(['b', 'a'], ['x']));
    different(make(['a'], ['Oslo', 'Odense']), make(['a'], ['Odense', 'Oslo']));
  });

  test('JSON Schema values are plain JSON (enum and required order count)', () => {
    const a = weather();
    const b = weather();
    a.tools[0].inputSchema.properties.city.enum = ['Oslo', 'Rome'];
    b.tools[0].inputSchema.properties.city.enum = ['Rome', 'Oslo'];
    different(a, b);
  });

  test('extension values and info', () => {
    const b = weather();
    b['x-root'].tier = 'paid';
    different(weather(), b);
    const c = weather();
    c.components['x-components-owner'] = 'someone else';
    different(weather(), c);
    const d = weather();
    d.info.version = '1.0.1';
    different(weather(), d);
  });

  test('an elicitation scoped to one revision versus to both', () => {
    const b = weather();
    delete b.tools[0].elicitations[0].protocolVersions;
    different(weather(), b);
  });
});
