import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcpdesc.elicitation.declaration.js';
import { form, onPrompt, e0 } from '../../helpers/elicitation-documents.js';

testRule(rule, {
  valid: [
    {
      name: 'every primitive form of 2025-11-25',
      doc: onPrompt([
        form({
          $schema: 'https://json-schema.org/draft/2020-12/schema',
          type: 'object',
          properties: {
            s: {
              type: 'string',
              title: 'S',
              description: 'd',
              minLength: 1,
              maxLength: 5,
              format: 'email',
              default: 'a@example.com',
            },
            n: { type: 'number', minimum: 0, maximum: 1, default: 0.5 },
            i: { type: 'integer', minimum: 1, maximum: 1 },
            b: { type: 'boolean', default: false },
            legacy: { type: 'string', enum: ['a', 'b'], enumNames: ['A', 'B'], default: 'b' },
            titled: { type: 'string', oneOf: [{ const: 'a', title: 'A' }], default: 'a' },
            multi: {
              type: 'array',
              minItems: 0,
              maxItems: 2,
              items: { type: 'string', enum: ['x', 'y'] },
              default: ['x'],
            },
            titledMulti: { type: 'array', items: { anyOf: [{ const: 'x', title: 'X' }] }, default: ['x'] },
          },
          required: ['s', 'b'],
        }),
      ]),
    },
    {
      name: 'same name on two primitives',
      doc: doc({
        prompts: [
          { name: 'p', elicitations: [form({ type: 'object', properties: {} })] },
          { name: 'q', elicitations: [form({ type: 'object', properties: {} })] },
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'string minimum and numeric title',
      doc: onPrompt([
        form({ type: 'object', properties: { n: { type: 'number', minimum: '0' }, s: { type: 'string', title: 1 } } }),
      ]),
      errors: [
        { code: 'invalid-keyword-value', pointer: `${e0}/properties/n/minimum` },
        { code: 'invalid-keyword-value', pointer: `${e0}/properties/s/title` },
      ],
    },
    {
      name: 'required is not an array of strings',
      doc: onPrompt([form({ type: 'object', properties: { s: { type: 'string' } }, required: 's' })]),
      errors: [{ code: 'invalid-keyword-value', pointer: `${e0}/required` }],
    },
    {
      name: 'duplicate name',
      doc: onPrompt([form({ type: 'object', properties: {} }), form({ type: 'object', properties: {} })]),
      errors: [{ code: 'duplicate-name', pointer: '/prompts/0/elicitations/1/name' }],
    },
    {
      name: 'semantics of the form fixture',
      doc: onPrompt([
        form({
          type: 'object',
          properties: { c: { type: 'string', enum: ['stable', 'preview'], enumNames: ['Stable'], default: 'nightly' } },
          required: ['missing'],
        }),
      ]),
      errors: [
        { code: 'enum-names-mismatch', pointer: `${e0}/properties/c/enumNames` },
        { code: 'default-not-in-choices', pointer: `${e0}/properties/c/default` },
        { code: 'required-not-declared', pointer: `${e0}/required/0` },
      ],
    },
    {
      name: 'vocabulary',
      doc: onPrompt([
        form({
          type: 'object',
          title: 'Root',
          properties: {
            o: { type: 'object', properties: {} },
            a: { type: 'array', items: { type: 'object' } },
            f: { type: 'string', format: 'hostname', pattern: '^a' },
            n: { type: 'null' },
            u: { enum: ['a'] },
            m: { type: 'array', items: { type: 'string', enum: ['x'] }, default: ['y'], minItems: 3, maxItems: 1 },
            r: { type: 'integer', minimum: 5, maximum: 1, default: 1.5 },
            t: { type: 'string', oneOf: [{ const: 'a' }] },
          },
        }),
      ]),
      errors: [
        { code: 'unsupported-keyword', pointer: `${e0}/title` },
        { code: 'nested-object', pointer: `${e0}/properties/o/type` },
        { code: 'nested-array', pointer: `${e0}/properties/a/items` },
        { code: 'unsupported-format', pointer: `${e0}/properties/f/format` },
        { code: 'unsupported-keyword', pointer: `${e0}/properties/f/pattern` },
        { code: 'unsupported-type', pointer: `${e0}/properties/n/type` },
        { code: 'invalid-property-schema', pointer: `${e0}/properties/u` },
        { code: 'default-not-in-choices', pointer: `${e0}/properties/m/default/0` },
        { code: 'min-exceeds-max', pointer: `${e0}/properties/m/minItems` },
        { code: 'min-exceeds-max', pointer: `${e0}/properties/r/minimum` },
        { code: 'invalid-default', pointer: `${e0}/properties/r/default` },
        { code: 'invalid-choices', pointer: `${e0}/properties/t/oneOf/0` },
      ],
    },
    {
      name: 'non-object root through a component',
      doc: doc({
        components: { schemas: { Form: { type: 'string' } } },
        prompts: [{ name: 'p', elicitations: [form({ $componentRef: '#/components/schemas/Form' })] }],
      }),
      errors: [{ code: 'not-object-root', pointer: '/components/schemas/Form/type' }],
    },
  ],
});
