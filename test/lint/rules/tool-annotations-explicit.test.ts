import { testLintRule, lintDoc, lintTool } from '../../helpers/lint-tester.js';
import { toolAnnotationsExplicitRule } from '../../../src/lint/rules/tool-annotations-explicit.js';

testLintRule(toolAnnotationsExplicitRule, {
  valid: [
    { name: 'all four hints set', doc: lintDoc({ tools: [lintTool()] }) },
    {
      name: 'a 2024-11-05 tool cannot carry annotations',
      doc: {
        ...lintDoc({ tools: [lintTool({ annotations: undefined, title: undefined })] }),
        protocolVersions: ['2024-11-05'],
      },
    },
  ],
  invalid: [
    {
      name: 'no annotations',
      doc: lintDoc({ tools: [lintTool({ annotations: undefined })] }),
      errors: [{ code: 'missing-annotations', pointer: '/tools/0', severity: 'warning' }],
    },
    {
      name: 'only readOnlyHint',
      doc: lintDoc({ tools: [lintTool({ annotations: { readOnlyHint: true } })] }),
      errors: [
        { code: 'missing-destructive-hint', pointer: '/tools/0/annotations' },
        { code: 'missing-idempotent-hint', pointer: '/tools/0/annotations' },
        { code: 'missing-open-world-hint', pointer: '/tools/0/annotations' },
      ],
    },
    {
      name: 'openWorldHint only',
      doc: lintDoc({
        tools: [lintTool({ annotations: { openWorldHint: false, destructiveHint: true, idempotentHint: false } })],
      }),
      errors: [{ code: 'missing-read-only-hint', pointer: '/tools/0/annotations' }],
    },
  ],
});
