/** Documents the completion example rule tests share (10.4.6, 11.4). */
import { doc } from './rule-tester.js';

export const done = { completion: { values: ['a'] } };

export const promptDoc = (example: unknown, versions?: string[]): Record<string, unknown> =>
  doc(
    {
      prompts: [
        { name: 'p', arguments: [{ name: 'department' }, { name: 'name' }], completionExamples: { one: example } },
      ],
    },
    versions,
  );

export const PE = '/prompts/0/completionExamples/one';
