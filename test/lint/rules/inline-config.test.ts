import { testLintRule, lintDoc, lintTool } from '../../helpers/lint-tester.js';
import { inlineConfigRule } from '../../../src/lint/rules/inline-config.js';

testLintRule(inlineConfigRule, {
  valid: [
    {
      name: 'known rule on a tool',
      doc: lintDoc({ tools: [lintTool({ 'x-mcpdesc-lint': { disable: ['lint.tool.title'] } })] }),
    },
    {
      name: 'on the root and info',
      doc: {
        ...lintDoc(),
        'x-mcpdesc-lint': { disable: ['lint.info.version'] },
        info: { name: 'x', title: 'X', description: 'Issues.', version: '1', 'x-mcpdesc-lint': { disable: [] } },
      },
    },
  ],
  invalid: [
    {
      name: 'misspelt rule id',
      doc: lintDoc({ tools: [lintTool({ 'x-mcpdesc-lint': { disable: ['lint.tool.titel'] } })] }),
      errors: [{ code: 'unknown-rule', pointer: '/tools/0/x-mcpdesc-lint/disable/0', severity: 'warning' }],
    },
    {
      name: 'a validation rule id',
      doc: lintDoc({ tools: [lintTool({ 'x-mcpdesc-lint': { disable: ['mcp.tool.input-schema.x-mcp-header'] } })] }),
      errors: [{ code: 'unknown-rule', pointer: '/tools/0/x-mcpdesc-lint/disable/0' }],
    },
    {
      name: 'not an object',
      doc: lintDoc({ tools: [lintTool({ 'x-mcpdesc-lint': 'off' })] }),
      errors: [{ code: 'malformed', pointer: '/tools/0/x-mcpdesc-lint' }],
    },
    {
      name: 'unknown member',
      doc: lintDoc({ tools: [lintTool({ 'x-mcpdesc-lint': { disable: [], enable: [] } })] }),
      errors: [{ code: 'unknown-member', pointer: '/tools/0/x-mcpdesc-lint/enable' }],
    },
  ],
});
