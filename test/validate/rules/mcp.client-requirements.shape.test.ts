import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcp.client-requirements.shape.js';

const tool = (clientRequirements: unknown, protocolVersions?: string[]) => ({
  name: 't',
  inputSchema: { type: 'object' },
  clientRequirements,
  ...(protocolVersions ? { protocolVersions } : {}),
});

const cr = '/tools/0/clientRequirements';

testRule(rule, {
  valid: [
    {
      name: '2025-11-25 shape with unknown capability and experimental entries',
      doc: doc(
        {
          tools: [
            tool({
              roots: { listChanged: true },
              sampling: { context: {}, tools: {} },
              elicitation: { form: {}, url: {} },
              tasks: {
                list: {},
                cancel: {},
                requests: { sampling: { createMessage: {} }, elicitation: { create: {} } },
              },
              experimental: { 'com.example/review': {} },
              futureCapability: {},
              'x-note': 'metadata',
            }),
          ],
        },
        ['2025-11-25'],
      ),
    },
    {
      name: 'unknown nested members are accepted',
      doc: doc({ tools: [tool({ sampling: { somethingNew: 1 }, elicitation: { future: true } })] }, ['2025-11-25']),
    },
    {
      name: '2026-07-28 extensions and elicitation',
      doc: doc(
        {
          tools: [
            tool({
              extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html'] } },
              elicitation: { form: {} },
            }),
          ],
        },
        ['2026-07-28'],
      ),
    },
    {
      name: 'roots.listChanged on 2025-06-18',
      doc: doc({ resources: [{ uri: 'w://c', name: 'c', clientRequirements: { roots: { listChanged: true } } }] }, [
        '2025-06-18',
      ]),
    },
    { name: 'sampling on legacy 2024-11-05', doc: doc({ tools: [tool({ sampling: {} })] }, ['2024-11-05']) },
  ],
  invalid: [
    {
      name: 'tasks across 2025-11-25 and 2026-07-28',
      doc: doc({ tools: [tool({ tasks: { list: {} } })] }, ['2025-11-25', '2026-07-28']),
      errors: [{ code: 'undefined-capability', pointer: `${cr}/tasks`, severity: 'error' }],
    },
    {
      name: 'extensions before 2026-07-28 is an error here',
      doc: doc({ tools: [tool({ extensions: { 'io.modelcontextprotocol/ui': {} } })] }, ['2025-11-25']),
      errors: [{ code: 'undefined-capability', pointer: `${cr}/extensions` }],
    },
    {
      name: 'elicitation.url on 2025-06-18',
      doc: doc({ tools: [tool({ elicitation: { url: {} } })] }, ['2025-06-18']),
      errors: [{ code: 'undefined-member', pointer: `${cr}/elicitation/url` }],
    },
    {
      name: 'non-object markers and settings, non-boolean listChanged',
      doc: doc(
        {
          tools: [
            tool({
              sampling: true,
              elicitation: { form: 1 },
              roots: { listChanged: 'yes' },
              experimental: { 'a/b': 3 },
              future: 'x',
            }),
          ],
        },
        ['2025-11-25'],
      ),
      errors: [
        { code: 'non-object-value', pointer: `${cr}/sampling` },
        { code: 'non-object-value', pointer: `${cr}/elicitation/form` },
        { code: 'non-boolean-setting', pointer: `${cr}/roots/listChanged` },
        { code: 'non-object-value', pointer: `${cr}/experimental/a~1b` },
        { code: 'non-object-value', pointer: `${cr}/future` },
      ],
    },
    {
      name: '2026-07-28 roots must be empty and is deprecated',
      doc: doc({ tools: [tool({ roots: { listChanged: true } })] }, ['2026-07-28']),
      errors: [
        { code: 'roots-not-empty', pointer: `${cr}/roots` },
        { code: 'deprecated', pointer: `${cr}/roots`, severity: 'warning' },
      ],
    },
    {
      name: 'deprecated sampling members in 2026-07-28 warn',
      doc: doc({ tools: [tool({ roots: {}, sampling: { context: {}, tools: {} } })] }, ['2026-07-28']),
      errors: [
        { code: 'deprecated', pointer: `${cr}/roots`, severity: 'warning' },
        { code: 'deprecated', pointer: `${cr}/sampling/context`, severity: 'warning' },
        { code: 'deprecated', pointer: `${cr}/sampling/tools`, severity: 'warning' },
      ],
    },
    {
      name: 'empty extensions map and non-object extension value in 2026-07-28',
      doc: doc({ tools: [tool({ extensions: {} }), { ...tool({ extensions: { 'com.example/x': [] } }), name: 'u' }] }, [
        '2026-07-28',
      ]),
      errors: [
        { code: 'empty-extensions', pointer: `${cr}/extensions` },
        { code: 'non-object-value', pointer: '/tools/1/clientRequirements/extensions/com.example~1x' },
      ],
    },
  ],
});
