import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcpdesc.example.members.js';
import { legacyOk, one, tool, P } from '../../helpers/tool-example-documents.js';

testRule(rule, {
  valid: [
    { name: 'input, result and an extension', doc: doc(one({ input: {}, result: legacyOk, 'x-note': 'n' })) },
    {
      name: 'a referenced component example',
      doc: doc({
        ...tool({ e: { $componentRef: '#/components/toolExamples/shared' } }),
        components: { toolExamples: { shared: { input: {}, result: legacyOk } } },
      }),
    },
  ],
  invalid: [
    {
      name: 'an empty examples map',
      doc: doc(tool({})),
      errors: [{ code: 'empty-collection', pointer: '/tools/0/examples' }],
    },
    {
      name: 'a name outside the local-name grammar',
      doc: doc(tool({ 'a b': { input: {}, result: legacyOk } })),
      errors: [{ code: 'pattern', pointer: '/tools/0/examples/a b' }],
    },
    {
      name: 'no result',
      doc: doc(one({ input: {} })),
      errors: [{ code: 'missing-property', pointer: P }],
    },
    {
      name: '0.9.0-rc.3: summary is not defined',
      doc: { ...doc(one({ summary: 's', input: {}, result: legacyOk })), mcpdesc: '0.9.0-rc.3' },
      errors: [{ code: 'unknown-property', pointer: `${P}/summary` }],
    },
    {
      name: 'a component example with externalValue',
      doc: doc({
        ...tool({ e: { $componentRef: '#/components/toolExamples/shared' } }),
        components: { toolExamples: { shared: { input: {}, result: legacyOk, externalValue: 'x' } } },
      }),
      errors: [{ code: 'unknown-property', pointer: '/components/toolExamples/shared/externalValue' }],
    },
  ],
});
