import { testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcp.sampling.tools.protocol-version.js';
import { scenario, S, sampling } from '../../helpers/interaction-documents.js';

testRule(rule, {
  valid: [
    { name: 'sampling without tools in 2025-06-18', doc: scenario([sampling()], {}, ['2025-06-18']) },
    {
      name: 'tools in 2025-11-25',
      doc: scenario([
        sampling({ tools: [{ name: 'x', inputSchema: { type: 'object' } }], toolChoice: { mode: 'auto' } }),
      ]),
    },
  ],
  invalid: [
    {
      name: 'tools and toolChoice in 2025-06-18',
      doc: scenario(
        [sampling({ tools: [{ name: 'x', inputSchema: { type: 'object' } }], toolChoice: { mode: 'auto' } })],
        {},
        ['2025-06-18'],
      ),
      errors: [
        { code: 'tools-revision', pointer: `${S}/0/request/tools` },
        { code: 'tools-revision', pointer: `${S}/0/request/toolChoice` },
      ],
    },
  ],
});
