import { joinPointer } from '../../model/json-pointer.js';
import { type Rule, type RuleDocs } from '../../validate/rule.js';
import { forEachSubschemaLazily } from '../schema-walk.js';
import { exampleDocument, exampleTool } from '../example-document.js';

/** A URI with a scheme and an authority other than file: something fetched over a network. */
const networkUri = /^(?!file:)[A-Za-z][A-Za-z0-9+.-]*:\/\//;

export function docs(): RuleDocs {
  return {
    summary: 'Tool schemas keep $ref local ($defs): a $ref to a network URI will not resolve for clients.',
    bad: exampleDocument({
      tools: [
        exampleTool({
          inputSchema: {
            type: 'object',
            properties: { key: { $ref: 'https://schemas.example.com/issue-key.json' } },
            required: ['key'],
            additionalProperties: false,
          },
        }),
      ],
    }),
    good: exampleDocument({
      tools: [
        exampleTool({
          inputSchema: {
            type: 'object',
            properties: { key: { $ref: '#/$defs/key' } },
            required: ['key'],
            additionalProperties: false,
            $defs: { key: { type: 'string', description: 'The issue key, in the form ABC-123.' } },
          },
        }),
      ],
    }),
  };
}

export const rule: Rule = {
  id: 'lint.schema.remote-ref',
  kind: 'lint',
  spec: 'guide 4',
  severity: 'warning',
  codes: {
    'remote-ref':
      '$ref {value} points to a network URI; implementations MUST NOT dereference it automatically, so for clients it will not resolve — keep $ref local, to $defs in the same schema',
  },
  create(ctx) {
    const seen = new Set<string>();
    return {
      toolSchema(node) {
        if (!ctx.schemas.facts(node.value).references) return; // no $ref anywhere: skip the traversal
        if (seen.has(node.pointer)) return; // a shared component schema is reported once
        seen.add(node.pointer);
        forEachSubschemaLazily(node.value, node.pointer, (schema, pointerOf) => {
          const ref = schema.$ref;
          if (typeof ref === 'string' && networkUri.test(ref))
            ctx.report('remote-ref', joinPointer(pointerOf(), '$ref'), { values: { value: ref } });
        });
      },
    };
  },
};
