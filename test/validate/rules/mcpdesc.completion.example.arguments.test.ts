import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcpdesc.completion.example.arguments.js';
import { done, promptDoc, PE } from '../../helpers/completion-documents.js';

const templateDoc = (uriTemplate: string, example: unknown): Record<string, unknown> =>
  doc({ resourceTemplates: [{ uriTemplate, name: 't', completionExamples: { one: example } }] });

const TE = '/resourceTemplates/0/completionExamples/one';

testRule(rule, {
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
