import { testRule } from '../../helpers/rule-tester.js';
import { exampleDocument, exampleTool } from 'mcpdesc-core/internal/lint/example-document.js';
import { rule } from 'mcpdesc-core/internal/lint/rules/lint.inline-config.js';

testRule(rule, {
  valid: [
    {
      name: 'known rule on a tool',
      doc: exampleDocument({ tools: [exampleTool({ 'x-mcpdesc-lint': { disable: ['lint.tool.title'] } })] }),
    },
    {
      name: 'on the root and info',
      doc: {
        ...exampleDocument(),
        'x-mcpdesc-lint': { disable: ['lint.info.version'] },
        info: { name: 'x', title: 'X', description: 'Issues.', version: '1', 'x-mcpdesc-lint': { disable: [] } },
      },
    },
  ],
  invalid: [
    {
      name: 'misspelt rule id',
      doc: exampleDocument({ tools: [exampleTool({ 'x-mcpdesc-lint': { disable: ['lint.tool.titel'] } })] }),
      errors: [{ code: 'unknown-rule', pointer: '/tools/0/x-mcpdesc-lint/disable/0', severity: 'warning' }],
    },
    {
      name: 'a validation rule id',
      doc: exampleDocument({
        tools: [exampleTool({ 'x-mcpdesc-lint': { disable: ['mcp.tool.input-schema.x-mcp-header'] } })],
      }),
      errors: [{ code: 'unknown-rule', pointer: '/tools/0/x-mcpdesc-lint/disable/0' }],
    },
    {
      name: 'not an object',
      doc: exampleDocument({ tools: [exampleTool({ 'x-mcpdesc-lint': 'off' })] }),
      errors: [{ code: 'malformed', pointer: '/tools/0/x-mcpdesc-lint' }],
    },
    {
      name: 'on a prompt example component (11.3)',
      doc: exampleDocument({
        prompts: [
          {
            name: 'triage',
            description: 'Triage an issue.',
            examples: { basic: { $componentRef: '#/components/promptExamples/basic' } },
          },
        ],
        components: {
          promptExamples: {
            basic: {
              result: {
                resultType: 'complete',
                messages: [{ role: 'user', content: { type: 'text', text: 'Triage ABC-1.' } }],
              },
              'x-mcpdesc-lint': { disable: ['lint.prompt.titel'] },
            },
          },
        },
      }),
      errors: [{ code: 'unknown-rule', pointer: '/components/promptExamples/basic/x-mcpdesc-lint/disable/0' }],
    },
    {
      name: 'unknown member',
      doc: exampleDocument({ tools: [exampleTool({ 'x-mcpdesc-lint': { disable: [], enable: [] } })] }),
      errors: [{ code: 'unknown-member', pointer: '/tools/0/x-mcpdesc-lint/enable' }],
    },
  ],
});
