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
    {
      name: 'a read-only tool whose description negates the write ("Does NOT send", "never deletes", "without creating")',
      doc: exampleDocument({
        tools: [
          exampleTool({
            description: 'Drafts a reply to the issue. Does NOT send it: the user reviews the draft first.',
          }),
          exampleTool({
            name: 'preview_cleanup',
            description: 'Lists the files a cleanup would touch; it never deletes or overwrites anything.',
          }),
          exampleTool({
            name: 'check_quota',
            description: "Reads the quota of the workspace and doesn't create, remove or send anything.",
          }),
        ],
      }),
    },
    {
      name: 'a tool that is not destructive and says it deletes nothing',
      doc: exampleDocument({
        tools: [
          exampleTool({
            name: 'archive_issue',
            description: 'Archives one issue; it does not delete the issue, which stays searchable.',
            annotations: hints({ destructiveHint: false }),
          }),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'a negation does not reach past its clause or a turn ("but", "instead")',
      doc: exampleDocument({
        tools: [
          exampleTool({ description: 'Does not modify the issue; sends a summary to its watchers.' }),
          exampleTool({ name: 'notify', description: 'Does not log anything, but sends a summary to the watchers.' }),
        ],
      }),
      errors: [
        { code: 'read-only-write-wording', pointer: '/tools/0/annotations/readOnlyHint' },
        { code: 'read-only-write-wording', pointer: '/tools/1/annotations/readOnlyHint' },
      ],
    },
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
