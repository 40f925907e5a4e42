import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcpdesc.resource.example.consistency.js';
import { resource, entry, P } from '../../helpers/resource-documents.js';

testRule(rule, {
  valid: [
    {
      name: 'entry for the requested URI with the declared type and size',
      doc: doc({
        resources: [
          resource(
            { contents: [{ uri: 'test://a', mimeType: 'text/plain; charset=utf-8', text: 'é' }] },
            { mimeType: 'TEXT/plain', size: 2 },
          ),
        ],
      }),
    },
    {
      name: 'decoded blob size',
      doc: doc({ resources: [resource({ contents: [{ uri: 'test://a', blob: 'AAE=' }] }, { size: 2 })] }),
    },
    {
      name: 'other entries may differ',
      doc: doc({
        resources: [
          resource(
            { contents: [entry, { uri: 'test://b', mimeType: 'x/y', text: 'long text' }] },
            { mimeType: 'text/plain', size: 1 },
          ),
        ],
      }),
    },
    {
      name: 'template example for its uri',
      doc: doc({
        resourceTemplates: [
          {
            uriTemplate: 'test://{id}',
            name: 't',
            mimeType: 'text/plain',
            examples: { one: { uri: 'test://a', result: { contents: [{ ...entry, mimeType: 'text/plain' }] } } },
          },
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'no entry identifies the requested URI',
      doc: doc({ resources: [resource({ contents: [{ uri: 'test://b', text: 'b' }] })] }),
      errors: [{ code: 'requested-uri-missing', pointer: P + '/contents', severity: 'warning' }],
    },
    {
      name: 'template example requested URI missing',
      doc: doc({
        resourceTemplates: [
          {
            uriTemplate: 'test://{id}',
            name: 't',
            examples: { one: { uri: 'test://a', result: { contents: [{ uri: 'test://b', text: 'b' }] } } },
          },
        ],
      }),
      errors: [{ code: 'requested-uri-missing', pointer: '/resourceTemplates/0/examples/one/result/contents' }],
    },
    {
      name: 'mimeType differs and size mismatches',
      doc: doc({
        resources: [
          resource(
            { contents: [{ uri: 'test://a', mimeType: 'application/json', text: 'short' }] },
            { mimeType: 'text/plain', size: 100 },
          ),
        ],
      }),
      errors: [
        { code: 'mime-type-differs', pointer: P + '/contents/0/mimeType' },
        { code: 'size-mismatch', pointer: P + '/contents/0' },
      ],
    },
  ],
});
