import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcp.resource-result.members.js';
import { resource, entry, P } from '../../helpers/resource-documents.js';

const cached = { resultType: 'complete', ttlMs: 0, cacheScope: 'private' };

testRule(rule, {
  valid: [
    {
      name: '2025-11-25 result with contents and _meta',
      doc: doc({
        resources: [resource({ contents: [entry, { uri: 'test://b', blob: 'AAEC' }], _meta: { snapshot: 1 } })],
      }),
    },
    {
      name: '2026-07-28 result with cache fields',
      doc: doc({ resources: [resource({ ...cached, contents: [entry] })] }, ['2026-07-28']),
    },
    {
      name: 'annotations stay on the declaration',
      doc: doc({ resources: [resource({ contents: [entry] }, { annotations: { priority: 1 } })] }),
    },
    {
      name: 'referenced example resolved at the use site',
      doc: doc({
        components: { resourceExamples: { shared: { result: { contents: [entry] } } } },
        resources: [
          { uri: 'test://a', name: 'a', examples: { one: { $componentRef: '#/components/resourceExamples/shared' } } },
        ],
      }),
    },
    {
      name: 'template example',
      doc: doc({
        resourceTemplates: [
          {
            uriTemplate: 'test://{id}',
            name: 't',
            examples: { one: { uri: 'test://a', result: { contents: [entry] } } },
          },
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'declaration annotations moved into the result',
      doc: doc({
        resources: [resource({ contents: [entry], annotations: { priority: 1 } }, { annotations: { priority: 1 } })],
      }),
      errors: [{ code: 'annotations-in-result', pointer: `${P}/annotations` }],
    },
    {
      name: 'missing contents',
      doc: doc({ resources: [resource({})] }),
      errors: [{ code: 'missing-contents', pointer: P }],
    },
    {
      name: 'empty contents',
      doc: doc({ resources: [resource({ contents: [] })] }),
      errors: [{ code: 'empty-contents', pointer: P + '/contents' }],
    },
    {
      name: 'contents not an array',
      doc: doc({ resources: [resource({ contents: {} })] }),
      errors: [{ code: 'contents-type', pointer: P + '/contents' }],
    },
    {
      name: 'text and blob, bad base64, bad uri, annotations',
      doc: doc({
        resources: [
          resource({
            contents: [
              { uri: 'test://a', text: 'a', blob: 'AAEC' },
              { uri: 'not a uri', blob: 'not base64' },
              { ...entry, annotations: { priority: 1 } },
            ],
          }),
        ],
      }),
      errors: [
        { code: 'native-text-xor-blob', pointer: P + '/contents/0' },
        { code: 'native-uri', pointer: P + '/contents/1/uri' },
        { code: 'native-base64', pointer: P + '/contents/1/blob' },
        { code: 'native-unknown-member', pointer: P + '/contents/2/annotations' },
      ],
    },
    {
      name: '2026-07-28 needs resultType and cache fields',
      doc: doc({ resources: [resource({ contents: [entry] })] }, ['2026-07-28']),
      errors: [
        { code: 'missing-result-type', pointer: P },
        { code: 'missing-cache-field', pointer: P },
      ],
    },
    {
      name: 'invalid cache field values and resultType',
      doc: doc(
        { resources: [resource({ resultType: 'input_required', ttlMs: -1, cacheScope: 'shared', contents: [entry] })] },
        ['2026-07-28'],
      ),
      errors: [
        { code: 'result-type-value', pointer: P + '/resultType' },
        { code: 'ttl-value', pointer: P + '/ttlMs' },
        { code: 'cache-scope-value', pointer: P + '/cacheScope' },
      ],
    },
    {
      name: 'cache fields before 2026-07-28',
      doc: doc({ resources: [resource({ ...cached, contents: [entry] })] }),
      errors: [
        { code: 'result-type-revision', pointer: P + '/resultType' },
        { code: 'cache-field-revision', pointer: P + '/ttlMs' },
        { code: 'cache-field-revision', pointer: P + '/cacheScope' },
      ],
    },
    {
      name: 'a declaration spanning 2025-11-25 and 2026-07-28',
      doc: doc({ resources: [resource({ ...cached, contents: [entry] })] }, ['2025-11-25', '2026-07-28']),
      errors: [
        { code: 'result-type-revision', pointer: P + '/resultType' },
        { code: 'cache-field-revision', pointer: P + '/ttlMs' },
        { code: 'cache-field-revision', pointer: P + '/cacheScope' },
      ],
    },
    {
      name: '_meta before 2025-06-18',
      doc: doc({ resources: [resource({ contents: [{ ...entry, _meta: { a: 1 } }], _meta: { a: 1 } })] }, [
        '2025-03-26',
      ]),
      errors: [
        { code: 'meta-revision', pointer: P + '/_meta' },
        { code: 'native-member-revision', pointer: P + '/contents/0/_meta' },
      ],
    },
    {
      name: '_meta not an object',
      doc: doc({ resources: [resource({ contents: [entry], _meta: 1 })] }),
      errors: [{ code: 'meta-type', pointer: P + '/_meta' }],
    },
  ],
});
