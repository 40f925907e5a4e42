import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcp.tool-annotations.members.js';

const annotated = (annotations: unknown, mcpdesc = '0.8.0') => ({
  ...doc({ tools: [{ name: 't', inputSchema: { type: 'object' }, annotations }] }),
  mcpdesc,
});

testRule(rule, {
  valid: [
    {
      name: 'the five members',
      doc: annotated({
        title: 'T',
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      }),
    },
    {
      name: '0.8.0: an unknown member is forward-compatible',
      doc: annotated({ readOnlyHint: true, futureHint: true }),
    },
  ],
  invalid: [
    {
      name: 'a hint that is not a boolean',
      doc: annotated({ readOnlyHint: 'yes' }),
      errors: [{ code: 'type', pointer: '/tools/0/annotations/readOnlyHint' }],
    },
    {
      name: 'an x-* key',
      doc: annotated({ 'x-risk': 'low' }),
      errors: [{ code: 'extension-not-allowed', pointer: '/tools/0/annotations/x-risk' }],
    },
    {
      name: '0.9.0-rc.3: a Resource Annotation field',
      doc: annotated({ audience: ['user'] }, '0.9.0-rc.3'),
      errors: [{ code: 'unknown-property', pointer: '/tools/0/annotations/audience' }],
    },
    {
      name: '0.9.0-rc.3: an x-* key',
      doc: annotated({ 'x-risk': 'low' }, '0.9.0-rc.3'),
      errors: [{ code: 'extension-not-allowed', pointer: '/tools/0/annotations/x-risk' }],
    },
  ],
});
