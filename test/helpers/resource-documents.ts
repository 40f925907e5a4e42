/** Documents the Resource and Resource Template Example rule tests share (10.4). */

export const resource = (result: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  uri: 'test://a',
  name: 'a',
  ...extra,
  examples: { one: { result } },
});

export const entry = { uri: 'test://a', text: 'a' };

export const P = '/resources/0/examples/one/result';
