import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcpdesc.resource-template.example.uri.js';

const template = (uriTemplate: string, uri: string): Record<string, unknown> =>
  doc({
    resourceTemplates: [
      { uriTemplate, name: 't', examples: { one: { uri, result: { contents: [{ uri, text: 'x' }] } } } },
    ],
  });

testRule(rule, {
  valid: [
    { name: 'simple expansion', doc: template('chess://games/{game_id}', 'chess://games/example-1234') },
    {
      name: 'query with undefined variables',
      doc: template('repo://{owner}/issues{?state,label}', 'repo://me/issues?label=bug'),
    },
    { name: 'reserved expansion', doc: template('file:///{+path}', 'file:///a/b/c.txt') },
  ],
  invalid: [
    {
      name: 'different route',
      doc: template('chess://games/{game_id}', 'chess://players/example-1234'),
      errors: [{ code: 'not-an-expansion', pointer: '/resourceTemplates/0/examples/one/uri' }],
    },
    {
      name: 'slash in a simple expansion',
      doc: template('chess://games/{game_id}', 'chess://games/a/b'),
      errors: [{ code: 'not-an-expansion', pointer: '/resourceTemplates/0/examples/one/uri' }],
    },
    {
      name: 'template not valid RFC 6570',
      doc: template('test://items/{id', 'test://items/123'),
      errors: [{ code: 'template-invalid', pointer: '/resourceTemplates/0/examples/one/uri' }],
    },
    {
      name: 'URI beyond the matcher bounds',
      doc: template('test://{id}', 'test://' + 'a'.repeat(20_000)),
      errors: [{ code: 'too-large', pointer: '/resourceTemplates/0/examples/one/uri', severity: 'warning' }],
    },
  ],
});
