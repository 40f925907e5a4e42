import assert from 'node:assert/strict';
import { test } from 'node:test';
import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcpdesc.resource.identifiers.js';
import { validate } from 'mcpdesc-core/internal/validate/validate.js';

testRule(rule, {
  valid: [
    {
      name: 'custom-scheme URI and percent-encoding',
      doc: doc({
        resources: [
          { uri: 'chess://games/a%20b?x=1#top', name: 'g' },
          { uri: 'file:///tmp/x', name: 'f' },
        ],
      }),
    },
    {
      name: 'a Resource Template example uri that is a URI',
      doc: doc({
        resourceTemplates: [
          {
            uriTemplate: 'https://{host}/games/{id}',
            name: 'g',
            examples: { one: { uri: 'https://user@[::1]:8080/games/a%20b', result: { contents: [] } } },
          },
        ],
      }),
    },
    {
      name: 'level 1-4 templates',
      doc: doc({
        resourceTemplates: [
          { uriTemplate: 'files://{+path}{?q*,lang}', name: 'f' },
          { uriTemplate: 'w://{a}/{b:3}', name: 'w' },
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'uri without a scheme warns',
      doc: doc({ resources: [{ uri: 'no scheme here', name: 'r' }] }),
      errors: [{ code: 'invalid-uri', pointer: '/resources/0/uri', severity: 'warning' }],
    },
    {
      name: 'the authority is checked: a port with a letter, a second @, an unclosed IP literal',
      doc: doc({
        resources: [
          { uri: 'https://example.com:80a/x', name: 'a' },
          { uri: 'https://a@b@example.com/', name: 'b' },
          { uri: 'https://[::1/', name: 'c' },
          { uri: 'file:///a%2', name: 'd' },
        ],
      }),
      errors: [
        { code: 'invalid-uri', pointer: '/resources/0/uri', severity: 'warning' },
        { code: 'invalid-uri', pointer: '/resources/1/uri' },
        { code: 'invalid-uri', pointer: '/resources/2/uri' },
        { code: 'invalid-uri', pointer: '/resources/3/uri' },
      ],
    },
    {
      name: 'a Resource Template example uri that is not a URI (its port has a letter)',
      doc: doc({
        resourceTemplates: [
          {
            uriTemplate: 'https://{host}/games/{id}',
            name: 'g',
            examples: { one: { uri: 'https://example.com:8x/games/1', result: { contents: [] } } },
          },
        ],
      }),
      errors: [
        {
          code: 'invalid-uri',
          pointer: '/resourceTemplates/0/examples/one/uri',
          severity: 'warning',
        },
      ],
    },
    {
      name: 'unclosed expression and reserved operator',
      doc: doc({
        resourceTemplates: [
          { uriTemplate: 'files://{path', name: 'f' },
          { uriTemplate: 'files://{=path}', name: 'g' },
        ],
      }),
      errors: [
        { code: 'invalid-uri-template', pointer: '/resourceTemplates/0/uriTemplate', severity: 'error' },
        { code: 'invalid-uri-template', pointer: '/resourceTemplates/1/uriTemplate' },
      ],
    },
  ],
});

test('an invalid resource uri names the failing part, the offset and what RFC 3986 allows there', () => {
  const [d] = validate(doc({ resources: [{ uri: 'https://example.com:80a/x', name: 'a' }] })).diagnostics.filter(
    (found) => found.rule === rule.id,
  );
  assert.ok(d);
  assert.match(d.message, /"https:\/\/example\.com:80a\/x"/);
  assert.match(d.message, /port: "a" at offset 22; expected a decimal digit/);
});
