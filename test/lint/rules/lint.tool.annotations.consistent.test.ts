import { testRule } from '../../helpers/rule-tester.js';
import { exampleDocument, exampleTool } from 'mcpdesc-core/internal/lint/example-document.js';
import { rule } from 'mcpdesc-core/internal/lint/rules/lint.tool.annotations.consistent.js';

const hints = (h: Record<string, boolean>) => ({
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: false,
  ...h,
});

testRule(rule, {
  valid: [
    {
      name: 'read-only with destructiveHint false and idempotentHint true',
      doc: exampleDocument({ tools: [exampleTool()] }),
    },
    {
      name: 'delete tool stated destructive',
      doc: exampleDocument({
        tools: [
          exampleTool({
            name: 'delete_issue',
            description: 'Deletes one issue of the current workspace, permanently.',
            annotations: hints({}),
          }),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'read-only and destructive',
      doc: exampleDocument({ tools: [exampleTool({ annotations: hints({ readOnlyHint: true }) })] }),
      errors: [{ code: 'read-only-destructive', pointer: '/tools/0/annotations/destructiveHint', severity: 'error' }],
    },
    {
      name: 'read-only tool named delete_issue',
      doc: exampleDocument({ tools: [exampleTool({ name: 'delete_issue' })] }),
      errors: [{ code: 'read-only-write-wording', pointer: '/tools/0/annotations/readOnlyHint', severity: 'info' }],
    },
    {
      name: 'read-only tool whose description says it sends',
      doc: exampleDocument({
        tools: [exampleTool({ description: 'Looks up an issue and sends a summary to its watchers by e-mail.' })],
      }),
      errors: [{ code: 'read-only-write-wording', pointer: '/tools/0/annotations/readOnlyHint' }],
    },
    {
      name: 'delete tool with destructiveHint false',
      doc: exampleDocument({
        tools: [
          exampleTool({
            name: 'delete_issue',
            description: 'Deletes one issue of the current workspace, permanently.',
            annotations: hints({ destructiveHint: false }),
          }),
        ],
      }),
      errors: [
        {
          code: 'destructive-wording-not-destructive',
          pointer: '/tools/0/annotations/destructiveHint',
          severity: 'info',
        },
      ],
    },
  ],
});
