import { testRule } from '../../helpers/rule-tester.js';
import { exampleDocument, exampleTool } from 'mcpdesc-core/internal/lint/example-document.js';
import { rule } from 'mcpdesc-core/internal/lint/rules/lint.tool.title.js';

testRule(rule, {
  valid: [
    { name: 'title', doc: exampleDocument({ tools: [exampleTool()] }) },
    {
      name: 'annotations.title only',
      doc: exampleDocument({
        tools: [
          exampleTool({
            title: undefined,
            annotations: {
              title: 'Get issue',
              readOnlyHint: true,
              destructiveHint: false,
              idempotentHint: true,
              openWorldHint: false,
            },
          }),
        ],
      }),
    },
    {
      name: 'same title twice',
      doc: exampleDocument({
        tools: [
          exampleTool({
            annotations: {
              title: 'Get issue',
              readOnlyHint: true,
              destructiveHint: false,
              idempotentHint: true,
              openWorldHint: false,
            },
          }),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'no title',
      doc: exampleDocument({ tools: [exampleTool({ title: undefined })] }),
      errors: [{ code: 'missing-title', pointer: '/tools/0', severity: 'warning' }],
    },
    {
      name: 'annotations.title differs',
      doc: exampleDocument({
        tools: [
          exampleTool({
            annotations: {
              title: 'Fetch issue',
              readOnlyHint: true,
              destructiveHint: false,
              idempotentHint: true,
              openWorldHint: false,
            },
          }),
        ],
      }),
      errors: [{ code: 'annotations-title-differs', pointer: '/tools/0/annotations/title', severity: 'info' }],
    },
    {
      name: 'title repeats the name',
      doc: exampleDocument({ tools: [exampleTool({ title: 'get_issue' })] }),
      errors: [{ code: 'title-is-name', pointer: '/tools/0/title', severity: 'info' }],
    },
  ],
});
