import { joinPointer } from '../../model/json-pointer.js';
import { raw, type Rule, type RuleDocs } from '../../validate/rule.js';
import { forEachPropertyChain } from '../schema-walk.js';
import { toolLabel } from '../tool-name.js';
import { nameTokenIn } from '../words.js';
import { exampleDocument, exampleTool } from '../example-document.js';

/** Name words of secrets and personal data. */
const sensitiveNameWords = new Set([
  'password',
  'passwd',
  'passphrase',
  'pwd',
  'token',
  'secret',
  'key',
  'apikey',
  'authorization',
  'auth',
  'credential',
  'credentials',
  'cookie',
  'bearer',
  'jwt',
  'otp',
  'pin',
  'email',
  'ssn',
  'phone',
  'birthdate',
  'dob',
  'iban',
  'passport',
]);
/** Prose that says a value is a secret or personal data. */
const sensitiveProse =
  /\b(password|passphrase|secret|api[ -]?key|access[ -]token|refresh[ -]token|bearer|auth(orization)? token|credentials?|session cookie|e-?mail address|social security|ssn|phone number|date of birth|personal (data|information)|pii)\b/i;

export function docs(): RuleDocs {
  return {
    summary:
      'x-mcp-header does not mirror secrets or personal data (passwords, API keys, tokens, e-mail addresses) into HTTP headers.',
    bad: exampleDocument({
      tools: [
        exampleTool({
          inputSchema: {
            type: 'object',
            properties: {
              key: { type: 'string', description: 'The issue key, in the form ABC-123.' },
              api_token: { type: 'string', description: "The caller's API token.", 'x-mcp-header': 'Api-Token' },
            },
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
            properties: {
              key: { type: 'string', description: 'The issue key, in the form ABC-123.' },
              region: {
                type: 'string',
                description: 'Region of the workspace, such as "eu-west".',
                'x-mcp-header': 'Region',
              },
            },
            required: ['key'],
            additionalProperties: false,
          },
        }),
      ],
    }),
  };
}

export const rule: Rule = {
  id: 'lint.tool.x-mcp-header.sensitive',
  kind: 'lint',
  spec: 'guide 12',
  severity: 'error',
  codes: {
    'sensitive-header':
      'input property {property} of tool {name} is mirrored into the header Mcp-Param-{header} but its {where} suggests a secret or personal data ({word}); the value would be visible to every intermediary on the path — servers SHOULD NOT mark passwords, API keys, tokens or personal data with x-mcp-header',
  },
  create(ctx) {
    return {
      toolSchema(node) {
        if (node.role !== 'inputSchema') return;
        if (!ctx.schemas.facts(node.value).xMcpHeader) return; // no x-mcp-header anywhere: skip the traversal
        forEachPropertyChain(node.value, node.pointer, (property, schema, pointerOf) => {
          const header = schema['x-mcp-header'];
          if (typeof header !== 'string') return;
          let where = 'name';
          let word = nameTokenIn(property, sensitiveNameWords);
          if (!word) {
            word = nameTokenIn(header, sensitiveNameWords);
            where = 'header name';
          }
          if (!word && typeof schema.description === 'string') {
            word = sensitiveProse.exec(schema.description)?.[0];
            where = 'description';
          }
          if (!word) return;
          ctx.report('sensitive-header', joinPointer(pointerOf(), 'x-mcp-header'), {
            values: { property, name: raw(toolLabel(node.tool.value)), header: raw(header), where: raw(where), word },
          });
        });
      },
    };
  },
};
