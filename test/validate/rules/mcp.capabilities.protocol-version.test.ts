import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcp.capabilities.protocol-version.js';

testRule(rule, {
  valid: [
    {
      name: 'tasks on 2025-11-25 only',
      doc: doc({ capabilities: [{ tasks: { list: {} }, logging: {}, completions: {} }] }, ['2025-11-25']),
    },
    { name: 'completions on 2025-03-26', doc: doc({ capabilities: [{ completions: {} }] }, ['2025-03-26']) },
    {
      name: 'extensions on 2026-07-28',
      doc: doc({ capabilities: [{ extensions: { 'com.example/x': {} }, tools: { listChanged: true } }] }, [
        '2026-07-28',
      ]),
    },
    {
      name: 'scoped objects keep each capability in its revisions',
      doc: doc(
        {
          capabilities: [
            { protocolVersions: ['2025-11-25'], logging: {}, tasks: {} },
            { protocolVersions: ['2026-07-28'], extensions: { 'io.modelcontextprotocol/tasks': {} } },
          ],
        },
        ['2025-11-25', '2026-07-28'],
      ),
    },
  ],
  invalid: [
    {
      name: 'tasks outside 2025-11-25',
      doc: doc({ capabilities: [{ tasks: { list: {} } }] }, ['2025-06-18', '2025-11-25', '2026-07-28']),
      errors: [{ code: 'undefined-capability', pointer: '/capabilities/0/tasks', severity: 'error' }],
    },
    {
      name: 'completions on 2024-11-05',
      doc: doc({ capabilities: [{ completions: {} }] }, ['2024-11-05', '2025-11-25']),
      errors: [{ code: 'undefined-capability', pointer: '/capabilities/0/completions' }],
    },
    {
      name: 'logging on 2026-07-28 warns',
      doc: doc({ capabilities: [{ logging: {} }] }, ['2025-11-25', '2026-07-28']),
      errors: [{ code: 'deprecated-logging', pointer: '/capabilities/0/logging', severity: 'warning' }],
    },
    {
      name: 'extensions before 2026-07-28 warn once',
      doc: doc({ capabilities: [{ extensions: { 'io.modelcontextprotocol/ui': {} } }] }, [
        '2025-06-18',
        '2025-11-25',
        '2026-07-28',
      ]),
      errors: [{ code: 'pre-standard-extensions', pointer: '/capabilities/0/extensions', severity: 'warning' }],
    },
  ],
});
