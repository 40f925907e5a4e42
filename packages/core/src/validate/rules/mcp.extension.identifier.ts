import { joinPointer } from '../../model/json-pointer.js';
import { isObject } from '../../model/values.js';
import { raw, type Rule, type RuleContext, type RuleDocs } from '../rule.js';
import { describeCatalogue, extensionCatalogue } from '../mcp/extension-catalogue.js';
import { classifyIdentifier } from '../mcp/extension-identifier.js';

const base = { mcpdesc: '0.8.0', info: { name: 'x', version: '1' }, protocolVersions: ['2026-07-28'] };

const catalogueNote = raw(`catalogue: ${extensionCatalogue.source}, effective ${extensionCatalogue.effectiveDate}`);

function checkExtensionMap(ctx: RuleContext, map: unknown, pointer: string): void {
  if (!isObject(map)) return; // structural
  for (const key of Object.keys(map)) {
    const problem = classifyIdentifier(key);
    if (!problem) continue;
    const at = joinPointer(pointer, key);
    if (problem === 'malformed') ctx.report('malformed-identifier', at, { key: true, values: { value: key } });
    else if (problem === 'unknown-reserved')
      ctx.report('unknown-reserved-identifier', at, { key: true, values: { value: key, catalogue: catalogueNote } });
    else ctx.report('experimental-identifier', at, { key: true, values: { value: key, catalogue: catalogueNote } });
  }
}

export function docs(): RuleDocs {
  return {
    summary:
      'Keys of capabilities.extensions and clientRequirements.extensions are "prefix/name" MCP extension identifiers; unknown identifiers under an MCP-reserved prefix and catalogued experimental ones warn. ' +
      describeCatalogue(),
    bad: { ...base, capabilities: [{ extensions: { 'missing-prefix': {} } }] },
    good: {
      ...base,
      capabilities: [{ extensions: { 'com.example/custom-feature': {}, 'io.modelcontextprotocol/ui': {} } }],
    },
  };
}

/** 8.4, 8.5: keys of capabilities.extensions and clientRequirements.extensions are MCP extension identifiers. */
export const rule: Rule = {
  id: 'mcp.extension.identifier',
  kind: 'conformance',
  spec: '8.4',
  severity: 'error',
  codes: {
    'malformed-identifier':
      'extension identifier {value} does not use the MCP mandatory-prefix form "prefix/name" (prefix: dot-separated labels starting with a letter and ending with a letter or digit; name: alphanumerics, hyphens, underscores and dots, beginning and ending with an alphanumeric)',
    'unknown-reserved-identifier': {
      severity: 'warning',
      message:
        "extension identifier {value} uses an MCP-reserved prefix but is not in the validator's extension catalogue ({catalogue}); it is preserved, but check that it is an authorized MCP extension",
    },
    'experimental-identifier': {
      severity: 'warning',
      message:
        'extension identifier {value} is catalogued as an experimental MCP extension ({catalogue}); its maturity must be reviewed',
    },
  },
  create(ctx) {
    return {
      capabilities: (node) => checkExtensionMap(ctx, node.value.extensions, joinPointer(node.pointer, 'extensions')),
      clientRequirements(node) {
        if (isObject(node.value))
          checkExtensionMap(ctx, node.value.extensions, joinPointer(node.pointer, 'extensions'));
      },
    };
  },
};
