/** Documents the Elicitation Declaration rule tests share (12). */
import { doc } from './rule-tester.js';

export const form = (requestedSchema: unknown, extra: Record<string, unknown> = {}) => ({
  name: 'e',
  mode: 'form',
  message: 'Fill in.',
  requestedSchema,
  ...extra,
});

export const onPrompt = (elicitations: unknown[], versions = ['2025-11-25']) =>
  doc({ prompts: [{ name: 'p', elicitations }] }, versions);

export const e0 = '/prompts/0/elicitations/0/requestedSchema';
