import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/validate/rules/mcpdesc.resource.identifiers.js';

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
