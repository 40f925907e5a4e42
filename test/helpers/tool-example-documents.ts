/** Documents the Tool Example rule tests share (9.3). */

export type O = Record<string, unknown>;

export const text = { type: 'text', text: 'done' };

export const ok: O = { resultType: 'complete', content: [text] };

export const legacyOk: O = { content: [text] };

export const tool = (examples: O, extra: O = {}) => ({
  tools: [{ name: 't', inputSchema: { type: 'object' }, ...extra, examples }],
});

export const one = (example: O, extra: O = {}) => tool({ e: example }, extra);

export const v26 = ['2026-07-28'];

export const P = '/tools/0/examples/e';
