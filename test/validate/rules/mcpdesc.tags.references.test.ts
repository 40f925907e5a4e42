import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcpdesc.tags.references.js';

const tool = (tags: unknown, name = 't') => ({ name, inputSchema: { type: 'object' }, tags });

testRule(rule, {
  valid: [
    {
      name: 'declared references',
      doc: doc({
        tags: [{ name: 'a' }, { name: 'b' }],
        tools: [tool(['a', 'b'])],
        prompts: [{ name: 'p', tags: ['b'] }],
      }),
    },
    { name: 'no root catalogue: per-entity tags unconstrained', doc: doc({ tools: [tool(['anything'])] }) },
    {
      // 13.3: the no-duplicates MUST is a bullet under "When a root-level `tags` array is present".
      name: 'no root catalogue: a repeated per-entity value is unconstrained too',
      doc: doc({ tools: [tool(['ops', 'ops'])], prompts: [{ name: 'p', tags: ['x', 'x'] }] }),
    },
    {
      name: 'variants use different declared tags',
      doc: doc(
        {
          tags: [{ name: 'a' }, { name: 'b' }],
          tools: [
            { ...tool(['a']), protocolVersions: ['2025-11-25'] },
            { ...tool(['b']), protocolVersions: ['2026-07-28'] },
          ],
        },
        ['2025-11-25', '2026-07-28'],
      ),
    },
  ],
  invalid: [
    {
      name: 'duplicate catalogue name',
      doc: doc({ tags: [{ name: 'a' }, { name: 'b' }, { name: 'a' }] }),
      errors: [{ code: 'duplicate-tag', pointer: '/tags/2/name' }],
    },
    {
      name: 'undeclared reference',
      doc: doc({
        tags: [{ name: 'a' }],
        tools: [tool(['a', 'missing'])],
        resources: [{ uri: 'x://y', name: 'r', tags: ['nope'] }],
      }),
      errors: [
        { code: 'undeclared-tag', pointer: '/tools/0/tags/1' },
        { code: 'undeclared-tag', pointer: '/resources/0/tags/0' },
      ],
    },
    {
      name: 'duplicate per-entity value under a root catalogue',
      doc: doc({ tags: [{ name: 'x' }], tools: [tool(['x', 'x'])] }),
      errors: [{ code: 'duplicate-reference', pointer: '/tools/0/tags/1' }],
    },
    {
      name: 'duplicate undeclared value is reported once as undeclared and once as duplicate',
      doc: doc({ tags: [{ name: 'a' }], tools: [tool(['z', 'z'])] }),
      errors: [
        { code: 'undeclared-tag', pointer: '/tools/0/tags/0' },
        { code: 'duplicate-reference', pointer: '/tools/0/tags/1' },
      ],
    },
  ],
});
