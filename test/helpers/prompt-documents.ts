/** Documents the Prompt Example rule tests share (11.3). */
import { doc } from './rule-tester.js';

export const text = { role: 'user', content: { type: 'text', text: 'Hi' } };

export const prompt = (example: unknown, versions?: string[]): Record<string, unknown> =>
  doc(
    {
      prompts: [
        { name: 'p', arguments: [{ name: 'city', required: true }, { name: 'audience' }], examples: { one: example } },
      ],
    },
    versions,
  );

export const E = '/prompts/0/examples/one';
