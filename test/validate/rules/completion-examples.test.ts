import { doc, testRule } from '../../helpers/rule-tester.js';
import {
  completionExampleArgumentsRule,
  completionProtocolVersionRule,
  completionResultMembersRule,
} from '../../../src/validate/rules/completion-examples.js';

const done = { completion: { values: ['a'] } };
const promptDoc = (example: unknown, versions?: string[]): Record<string, unknown> =>
  doc(
    {
      prompts: [
        { name: 'p', arguments: [{ name: 'department' }, { name: 'name' }], completionExamples: { one: example } },
      ],
    },
    versions,
  );
const templateDoc = (uriTemplate: string, example: unknown): Record<string, unknown> =>
  doc({ resourceTemplates: [{ uriTemplate, name: 't', completionExamples: { one: example } }] });
const PE = '/prompts/0/completionExamples/one';
const TE = '/resourceTemplates/0/completionExamples/one';

testRule(completionExampleArgumentsRule, {
  valid: [
    {
      name: 'prompt argument with context',
      doc: promptDoc({
        argument: { name: 'name', value: 'a' },
        context: { arguments: { department: 'eng' } },
        result: done,
      }),
    },
    {
      name: 'template variables with operators and modifiers',
      doc: templateDoc('repo://{+owner}{/repository:3}{?issue*}', {
        argument: { name: 'issue', value: '1' },
        context: { arguments: { owner: 'o', repository: 'r' } },
        result: done,
      }),
    },
    {
      name: 'variable list',
      doc: templateDoc('repo://{owner,repository}', { argument: { name: 'repository', value: 'w' }, result: done }),
    },
  ],
  invalid: [
    {
      name: 'unknown prompt argument, repeated and unknown context',
      doc: promptDoc({
        argument: { name: 'nickname', value: 'a' },
        context: { arguments: { nickname: 'x', region: 'y' } },
        result: done,
      }),
      errors: [
        { code: 'unknown-prompt-argument', pointer: PE + '/argument/name' },
        { code: 'completed-argument-in-context', pointer: PE + '/context/arguments/nickname' },
        { code: 'unknown-context-argument', pointer: PE + '/context/arguments/region' },
      ],
    },
    {
      name: 'unknown template variable and context',
      doc: templateDoc('repo://{owner}/{issue}', {
        argument: { name: 'ticket', value: '1' },
        context: { arguments: { issue: '1', workspace: 'w' } },
        result: done,
      }),
      errors: [
        { code: 'unknown-template-variable', pointer: TE + '/argument/name' },
        { code: 'unknown-context-variable', pointer: TE + '/context/arguments/workspace' },
      ],
    },
    {
      name: 'completed variable repeated in context',
      doc: templateDoc('repo://{owner}/{issue}', {
        argument: { name: 'issue', value: '1' },
        context: { arguments: { issue: '1' } },
        result: done,
      }),
      errors: [{ code: 'completed-argument-in-context', pointer: TE + '/context/arguments/issue' }],
    },
    {
      name: 'template not valid RFC 6570',
      doc: templateDoc('repo://{owner/{issue}', { argument: { name: 'issue', value: '1' }, result: done }),
      errors: [{ code: 'template-invalid', pointer: TE + '/argument/name' }],
    },
  ],
});

testRule(completionProtocolVersionRule, {
  valid: [
    {
      name: 'context from 2025-06-18',
      doc: promptDoc(
        { argument: { name: 'name', value: 'a' }, context: { arguments: { department: 'e' } }, result: done },
        ['2025-06-18'],
      ),
    },
    {
      name: 'no context in 2025-03-26',
      doc: promptDoc({ argument: { name: 'name', value: 'a' }, result: done }, ['2025-03-26']),
    },
  ],
  invalid: [
    {
      name: 'completion in 2024-11-05 (argument completion dates from 2025-03-26)',
      doc: promptDoc({ argument: { name: 'name', value: 'a' }, result: done }, ['2024-11-05']),
      errors: [{ code: 'completion-revision', pointer: PE }],
    },
    {
      name: 'context spanning 2025-03-26 and 2025-11-25',
      doc: promptDoc(
        { argument: { name: 'name', value: 'a' }, context: { arguments: { department: 'e' } }, result: done },
        ['2025-03-26', '2025-11-25'],
      ),
      errors: [{ code: 'context-revision', pointer: PE + '/context' }],
    },
  ],
});

testRule(completionResultMembersRule, {
  valid: [
    {
      name: 'values, total, hasMore, _meta',
      doc: promptDoc({
        argument: { name: 'name', value: 'a' },
        result: { completion: { values: ['Ada'], total: 1, hasMore: false }, _meta: { a: 1 } },
      }),
    },
    {
      name: '2026-07-28 with resultType',
      doc: promptDoc({ argument: { name: 'name', value: 'a' }, result: { resultType: 'complete', ...done } }, [
        '2026-07-28',
      ]),
    },
    {
      name: 'exactly 100 values',
      doc: promptDoc({
        argument: { name: 'name', value: 'a' },
        result: { completion: { values: Array.from({ length: 100 }, (_, i) => String(i)) } },
      }),
    },
  ],
  invalid: [
    {
      name: 'missing completion',
      doc: promptDoc({ argument: { name: 'name', value: 'a' }, result: {} }),
      errors: [{ code: 'missing-completion', pointer: PE + '/result' }],
    },
    {
      name: 'completion not an object',
      doc: promptDoc({ argument: { name: 'name', value: 'a' }, result: { completion: [] } }),
      errors: [{ code: 'completion-type', pointer: PE + '/result/completion' }],
    },
    {
      name: 'missing values',
      doc: promptDoc({ argument: { name: 'name', value: 'a' }, result: { completion: {} } }),
      errors: [{ code: 'missing-values', pointer: PE + '/result/completion' }],
    },
    {
      name: 'values not an array',
      doc: promptDoc({ argument: { name: 'name', value: 'a' }, result: { completion: { values: 'a' } } }),
      errors: [{ code: 'values-type', pointer: PE + '/result/completion/values' }],
    },
    {
      name: 'bad candidate, total and hasMore',
      doc: promptDoc({
        argument: { name: 'name', value: 'a' },
        result: { completion: { values: ['a', 12], total: '2', hasMore: 'no' } },
      }),
      errors: [
        { code: 'value-type', pointer: PE + '/result/completion/values/1' },
        { code: 'total-type', pointer: PE + '/result/completion/total' },
        { code: 'has-more-type', pointer: PE + '/result/completion/hasMore' },
      ],
    },
    {
      name: 'more than 100 values',
      doc: promptDoc({
        argument: { name: 'name', value: 'a' },
        result: { completion: { values: Array.from({ length: 101 }, (_, i) => String(i)) } },
      }),
      errors: [{ code: 'too-many-values', pointer: PE + '/result/completion/values' }],
    },
    {
      name: 'missing resultType in 2026-07-28',
      doc: promptDoc({ argument: { name: 'name', value: 'a' }, result: done }, ['2026-07-28']),
      errors: [{ code: 'missing-result-type', pointer: PE + '/result' }],
    },
    {
      name: 'resultType before 2026-07-28',
      doc: promptDoc({ argument: { name: 'name', value: 'a' }, result: { resultType: 'complete', ...done } }),
      errors: [{ code: 'result-type-revision', pointer: PE + '/result/resultType' }],
    },
    {
      name: '_meta before 2025-06-18',
      doc: promptDoc({ argument: { name: 'name', value: 'a' }, result: { ...done, _meta: {} } }, ['2025-03-26']),
      errors: [{ code: 'meta-revision', pointer: PE + '/result/_meta' }],
    },
  ],
});
