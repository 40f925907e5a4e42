import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcpdesc.version.js';

testRule(rule, {
  valid: [
    { name: '0.8.0', doc: doc() },
    {
      name: 'canonical $schema of the same version',
      doc: { $schema: 'https://mcpdesc.org/schema/mcp-description/0.8.0.json', ...doc() },
    },
    {
      name: 'non-canonical $schema is data, not a version claim',
      doc: { $schema: 'https://example.com/my.json', ...doc() },
    },
    {
      name: 'missing mcpdesc is structural',
      doc: { info: { name: 'x', version: '1' }, protocolVersions: ['2025-11-25'] },
    },
  ],
  invalid: [
    {
      name: 'unknown version',
      doc: { ...doc(), mcpdesc: '0.7.0' },
      errors: [{ code: 'unrecognized', pointer: '/mcpdesc' }],
    },
    {
      name: 'version with a v',
      doc: { ...doc(), mcpdesc: 'v0.8.0' },
      errors: [{ code: 'unrecognized', pointer: '/mcpdesc' }],
    },
    {
      name: 'release candidate is partial',
      doc: { ...doc(), mcpdesc: '0.9.0-rc.3' },
      errors: [{ code: 'partial-support', pointer: '/mcpdesc', severity: 'warning' }],
    },
    {
      name: '$schema of another version',
      doc: { ...doc(), $schema: 'https://mcpdesc.org/schema/mcp-description/0.7.0.json' },
      errors: [{ code: 'schema-version-mismatch', pointer: '/$schema', severity: 'warning' }],
    },
    {
      name: '$schema is the mutable latest alias',
      doc: { ...doc(), $schema: 'https://mcpdesc.org/schema/mcp-description/latest.json' },
      errors: [{ code: 'schema-alias', pointer: '/$schema', severity: 'warning' }],
    },
    {
      name: '$schema is the mutable draft alias',
      doc: { ...doc(), $schema: 'https://mcpdesc.org/schema/mcp-description/draft.json' },
      errors: [{ code: 'schema-alias', pointer: '/$schema', severity: 'warning' }],
    },
  ],
});
