import { testLintRule, lintDoc, lintTool } from '../../helpers/lint-tester.js';
import { toolTitleRule } from '../../../src/lint/rules/tool-title.js';

testLintRule(toolTitleRule, {
  valid: [
    { name: 'title', doc: lintDoc({ tools: [lintTool()] }) },
    {
      name: 'annotations.title only',
      doc: lintDoc({
        tools: [
          lintTool({
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
      doc: lintDoc({
        tools: [
          lintTool({
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
      doc: lintDoc({ tools: [lintTool({ title: undefined })] }),
      errors: [{ code: 'missing-title', pointer: '/tools/0', severity: 'warning' }],
    },
    {
      name: 'annotations.title differs',
      doc: lintDoc({
        tools: [
          lintTool({
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
      doc: lintDoc({ tools: [lintTool({ title: 'get_issue' })] }),
      errors: [{ code: 'title-is-name', pointer: '/tools/0/title', severity: 'info' }],
    },
  ],
});
