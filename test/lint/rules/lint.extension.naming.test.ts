import { rule } from 'mcpdesc-core/internal/lint/rules/lint.extension.naming.js';
import { doc, testRule } from '../../helpers/rule-tester.js';

const tool = (extra: Record<string, unknown>) => ({ name: 't', inputSchema: { type: 'object' }, ...extra });

testRule(rule, {
  valid: [
    {
      name: 'lowercase organization prefix',
      doc: doc({ 'x-acme-owner': 1, tools: [tool({ 'x-acme-Risk': 'high' })] }),
    },
    { name: 'no feature part: no identifiable organization prefix', doc: doc({ 'x-Internal': true }) },
    {
      name: 'x- key in a domain map is not an extension',
      doc: doc({ transports: [{ type: 'stdio', command: 'c', env: { 'x-Acme-token': 'v' } }] }),
    },
    {
      name: 'x- keyword in an embedded schema is not an extension',
      doc: doc({ tools: [tool({ inputSchema: { type: 'object', 'x-Acme-hint': 1 } })] }),
    },
    { name: 'x- key in _meta is MCP metadata', doc: doc({ tools: [tool({ _meta: { 'x-Acme-id': 1 } })] }) },
  ],
  invalid: [
    {
      name: 'uppercase organization prefix on the root and a tool',
      doc: doc({ 'x-ACME-owner': 1, tools: [tool({ 'x-Acme-risk': 'high' })] }),
      errors: [
        { code: 'uppercase-organization', pointer: '/x-ACME-owner', severity: 'warning' },
        { code: 'uppercase-organization', pointer: '/tools/0/x-Acme-risk', severity: 'warning' },
      ],
    },
    {
      name: 'nested eligible objects: security flow, example wrapper, component example',
      doc: doc({
        securitySchemes: {
          o: {
            type: 'oauth2',
            flows: { password: { tokenUrl: 'https://a.example/t', scopes: {}, 'x-Corp-policy': 1 } },
          },
        },
        tools: [tool({ examples: { e: { input: {}, result: { content: [] }, 'x-Corp-note': 1 } } })],
        components: { toolExamples: { E: { input: {}, result: { content: [] }, 'x-Corp-note': 1 } } },
      }),
      errors: [
        { code: 'uppercase-organization', pointer: '/securitySchemes/o/flows/password/x-Corp-policy' },
        { code: 'uppercase-organization', pointer: '/tools/0/examples/e/x-Corp-note' },
        { code: 'uppercase-organization', pointer: '/components/toolExamples/E/x-Corp-note' },
      ],
    },
    {
      name: 'every kind of extension-eligible object (14.2), each with its own pointer',
      doc: doc({
        'x-A-root': 1,
        info: {
          name: 'n',
          title: 't',
          version: '1',
          'x-A-info': 1,
          contact: { 'x-A-c': 1 },
          license: { name: 'l', 'x-A-l': 1 },
          icons: [{ src: 'https://a.example/i.png', 'x-A-i': 1 }],
        },
        tags: [{ name: 'g', 'x-A-tag': 1 }],
        transports: [{ type: 'stdio', command: 'c', 'x-A-tr': 1 }],
        capabilities: [{ 'x-A-cap': 1, tools: { 'x-A-decl': 1 } }],
        tools: [
          tool({
            icons: [{ src: 'https://a.example/t.png', 'x-A-ti': 1 }],
            clientRequirements: { 'x-A-cr': 1 },
            interactionExamples: {
              run: {
                input: {},
                steps: [{ type: 'roots', request: {}, response: { roots: [] }, 'x-A-step': 1 }],
                result: { content: [] },
                'x-A-ie': 1,
              },
            },
          }),
        ],
        prompts: [
          {
            name: 'p',
            arguments: [{ name: 'a', 'x-A-arg': 1 }],
            completionExamples: {
              c: { argument: { name: 'a', value: 'x' }, result: { completion: { values: [] } }, 'x-A-ce': 1 },
            },
          },
        ],
        components: {
          'x-A-comp': 1,
          promptExamples: {
            P: { arguments: {}, result: { messages: [] }, 'x-A-pe': 1 },
          },
        },
      }),
      errors: [
        '/x-A-root',
        '/info/x-A-info',
        '/info/contact/x-A-c',
        '/info/license/x-A-l',
        '/info/icons/0/x-A-i',
        '/tags/0/x-A-tag',
        '/transports/0/x-A-tr',
        '/capabilities/0/x-A-cap',
        '/capabilities/0/tools/x-A-decl',
        '/tools/0/icons/0/x-A-ti',
        '/tools/0/clientRequirements/x-A-cr',
        '/tools/0/interactionExamples/run/x-A-ie',
        '/tools/0/interactionExamples/run/steps/0/x-A-step',
        '/prompts/0/arguments/0/x-A-arg',
        '/prompts/0/completionExamples/c/x-A-ce',
        '/components/x-A-comp',
        '/components/promptExamples/P/x-A-pe',
      ].map((pointer) => ({ code: 'uppercase-organization', pointer })),
    },
  ],
});
