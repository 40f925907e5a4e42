import { test } from 'node:test';
import { parseDescription, serializeDescription } from 'mcpdesc-core/internal/source/index.js';
import { generateDescription } from '../../bench/generate.js';
import { assertLinearGrowth } from '../helpers/growth.js';

// Issue 19, item 5: YAML decoding grows linearly with the number of tools (the benchmark goes to 50,000).

test('YAML decoding of generated descriptions grows linearly (300 -> 3,000 tools)', () => {
  assertLinearGrowth(
    'YAML decoding',
    300,
    (tools) => serializeDescription(generateDescription(tools), { format: 'yaml' }),
    (text) => {
      const result = parseDescription(text, { format: 'yaml' });
      if (result.diagnostics.length > 0) throw new Error(result.diagnostics[0]!.message);
      return result.document;
    },
  );
});
