import { testRule } from '../../helpers/rule-tester.js';
import { exampleDocument, exampleTool } from 'mcpdesc-core/internal/lint/example-document.js';
import { rule } from 'mcpdesc-core/internal/lint/rules/lint.tool.annotations.explicit.js';

testRule(rule, {
  valid: [
    { name: 'all four hints set', doc: exampleDocument({ tools: [exampleTool()] }) },
    {
      name: 'a read-only tool states readOnlyHint and openWorldHint only',
      doc: exampleDocument({ tools: [exampleTool({ annotations: { readOnlyHint: true, openWorldHint: false } })] }),
    },
    {
      name: 'a 2024-11-05 tool cannot carry annotations',
      doc: {
        ...exampleDocument({ tools: [exampleTool({ annotations: undefined, title: undefined })] }),
        protocolVersions: ['2024-11-05'],
      },
    },
  ],
  invalid: [
    {
      name: 'no annotations',
      doc: exampleDocument({ tools: [exampleTool({ annotations: undefined })] }),
      errors: [{ code: 'missing-annotations', pointer: '/tools/0', severity: 'warning' }],
    },
    {
      // The guide: destructiveHint and idempotentHint are meaningful only when readOnlyHint is false.
      name: 'readOnlyHint true: only the open-world hint is missing',
      doc: exampleDocument({ tools: [exampleTool({ annotations: { readOnlyHint: true } })] }),
      errors: [{ code: 'missing-open-world-hint', pointer: '/tools/0/annotations' }],
    },
    {
      name: 'readOnlyHint false: the write hints are missing too',
      doc: exampleDocument({ tools: [exampleTool({ annotations: { readOnlyHint: false } })] }),
      errors: [
        { code: 'missing-destructive-hint', pointer: '/tools/0/annotations' },
        { code: 'missing-idempotent-hint', pointer: '/tools/0/annotations' },
        { code: 'missing-open-world-hint', pointer: '/tools/0/annotations' },
      ],
    },
    {
      name: 'openWorldHint only',
      doc: exampleDocument({
        tools: [exampleTool({ annotations: { openWorldHint: false, destructiveHint: true, idempotentHint: false } })],
      }),
      errors: [{ code: 'missing-read-only-hint', pointer: '/tools/0/annotations' }],
    },
  ],
});
