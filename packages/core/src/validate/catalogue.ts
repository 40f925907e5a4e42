import type { Rule } from './rule.js';
import { rule as jsonSchemaToolSchemaValid } from './rules/json-schema.tool-schema.valid.js';
import { rule as mcpCapabilitiesProtocolVersion } from './rules/mcp.capabilities.protocol-version.js';
import { rule as mcpClientRequirementsShape } from './rules/mcp.client-requirements.shape.js';
import { rule as mcpCompletionResultMembers } from './rules/mcp.completion-result.members.js';
import { rule as mcpCompletionProtocolVersion } from './rules/mcp.completion.protocol-version.js';
import { rule as mcpDeclarationFieldProtocolVersion } from './rules/mcp.declaration.field.protocol-version.js';
import { rule as mcpElicitationProtocolVersion } from './rules/mcp.elicitation.protocol-version.js';
import { rule as mcpExampleResultMembers } from './rules/mcp.example-result.members.js';
import { rule as mcpExtensionIdentifier } from './rules/mcp.extension.identifier.js';
import { rule as mcpMetaKeys } from './rules/mcp.meta.keys.js';
import { rule as mcpPromptResultMembers } from './rules/mcp.prompt-result.members.js';
import { rule as mcpResourceResultMembers } from './rules/mcp.resource-result.members.js';
import { rule as mcpInteractionUri } from './rules/mcp.interaction.uri.js';
import { rule as mcpRootUriFileScheme } from './rules/mcp.root.uri.file-scheme.js';
import { rule as mcpSamplingToolsProtocolVersion } from './rules/mcp.sampling.tools.protocol-version.js';
import { rule as mcpToolInputSchemaObjectRoot } from './rules/mcp.tool.input-schema.object-root.js';
import { rule as mcpToolInputSchemaXMcpHeader } from './rules/mcp.tool.input-schema.x-mcp-header.js';
import { rule as mcpToolOutputSchemaObjectRoot } from './rules/mcp.tool.output-schema.object-root.js';
import { rule as mcpToolSchemaLegacyShape } from './rules/mcp.tool.schema.legacy-shape.js';
import { rule as mcpToolSchemaNativeShape } from './rules/mcp.tool.schema.native-shape.js';
import { rule as mcpToolStructuredContentOutputSchema } from './rules/mcp.tool.structured-content.output-schema.js';
import { rule as mcpTransportProtocolVersion } from './rules/mcp.transport.protocol-version.js';
import { rule as mcpdescCompletionExampleArguments } from './rules/mcpdesc.completion.example.arguments.js';
import { rule as mcpdescComponentsReferences } from './rules/mcpdesc.components.references.js';
import { rule as mcpdescElicitationDeclaration } from './rules/mcpdesc.elicitation.declaration.js';
import { rule as mcpdescExampleCompletedResultForm } from './rules/mcpdesc.example.completed-result-form.js';
import { rule as mcpdescExampleResultProtocolFidelity } from './rules/mcpdesc.example.result.protocol-fidelity.js';
import { rule as mcpdescPrimitiveExampleCompletedResultForm } from './rules/mcpdesc.primitive-example.completed-result-form.js';
import { rule as mcpdescPromptExampleArguments } from './rules/mcpdesc.prompt.example.arguments.js';
import { rule as mcpdescProtocolScopeConsistency } from './rules/mcpdesc.protocol-scope.consistency.js';
import { rule as mcpdescProtocolScopeSubset } from './rules/mcpdesc.protocol-scope.subset.js';
import { rule as mcpdescProtocolVersions } from './rules/mcpdesc.protocol-versions.js';
import { rule as mcpdescResourceTemplateExampleUri } from './rules/mcpdesc.resource-template.example.uri.js';
import { rule as mcpdescResourceExampleConsistency } from './rules/mcpdesc.resource.example.consistency.js';
import { rule as mcpdescResourceIdentifiers } from './rules/mcpdesc.resource.identifiers.js';
import { rule as mcpdescSecurityReferences } from './rules/mcpdesc.security.references.js';
import { rule as mcpdescTagsReferences } from './rules/mcpdesc.tags.references.js';
import { rule as mcpdescToolExampleErrorResult } from './rules/mcpdesc.tool.example.error-result.js';
import { rule as mcpdescToolExampleSchemaConformance } from './rules/mcpdesc.tool.example.schema-conformance.js';
import { rule as mcpdescToolInteractionClientRequirementsConsistency } from './rules/mcpdesc.tool.interaction.client-requirements-consistency.js';
import { rule as mcpdescToolInteractionElicitationConsistency } from './rules/mcpdesc.tool.interaction.elicitation-consistency.js';
import { rule as mcpdescToolInteractionMembers } from './rules/mcpdesc.tool.interaction.members.js';
import { rule as mcpdescTransportCoverage } from './rules/mcpdesc.transport.coverage.js';
import { rule as mcpdescValueFormats } from './rules/mcpdesc.value-formats.js';
import { rule as mcpdescVersion } from './rules/mcpdesc.version.js';

import { rule as mcpdescToolMembers } from './rules/mcpdesc.tool.members.js';
import { rule as mcpdescExampleMembers } from './rules/mcpdesc.example.members.js';
import { rule as mcpToolAnnotationsMembers } from './rules/mcp.tool-annotations.members.js';
import { rule as mcpContentBlockProtocolVersion } from './rules/mcp.content-block.protocol-version.js';
import { rule as mcpToolSchemaKeywordsPreserve } from './rules/mcp.tool.schema-keywords.preserve.js';
import { rule as mcpInputResponseClosed } from './rules/mcp.input-response.closed.js';
import { rule as mcpInteractionMessageMembers } from './rules/mcp.interaction-message.members.js';
import { rule as mcpRootMetaProtocolVersion } from './rules/mcp.root.meta.protocol-version.js';

/**
 * Every validation rule, one file per rule named by its id, in the stable order reports keep
 * (a test checks that every file in rules/ is listed here).
 */
export const validationRules: readonly Rule[] = [
  mcpdescVersion,
  mcpdescProtocolVersions,
  mcpdescProtocolScopeSubset,
  mcpdescProtocolScopeConsistency,
  mcpdescTransportCoverage,
  mcpTransportProtocolVersion,
  mcpdescSecurityReferences,
  mcpCapabilitiesProtocolVersion,
  mcpExtensionIdentifier,
  mcpClientRequirementsShape,
  mcpdescResourceIdentifiers,
  mcpdescTagsReferences,
  mcpdescComponentsReferences,
  mcpdescValueFormats,
  mcpDeclarationFieldProtocolVersion,
  mcpdescToolMembers,
  mcpToolAnnotationsMembers,
  mcpToolInputSchemaObjectRoot,
  mcpToolOutputSchemaObjectRoot,
  mcpToolSchemaLegacyShape,
  mcpToolSchemaKeywordsPreserve,
  jsonSchemaToolSchemaValid,
  mcpToolSchemaNativeShape,
  mcpToolInputSchemaXMcpHeader,
  mcpdescElicitationDeclaration,
  mcpElicitationProtocolVersion,
  mcpMetaKeys,
  mcpdescExampleMembers,
  mcpdescToolExampleSchemaConformance,
  mcpExampleResultMembers,
  mcpdescExampleResultProtocolFidelity,
  mcpContentBlockProtocolVersion,
  mcpdescExampleCompletedResultForm,
  mcpdescToolExampleErrorResult,
  mcpToolStructuredContentOutputSchema,
  mcpdescToolInteractionMembers,
  mcpInteractionMessageMembers,
  mcpInputResponseClosed,
  mcpdescToolInteractionElicitationConsistency,
  mcpSamplingToolsProtocolVersion,
  mcpInteractionUri,
  mcpRootUriFileScheme,
  mcpRootMetaProtocolVersion,
  mcpdescToolInteractionClientRequirementsConsistency,
  mcpResourceResultMembers,
  mcpdescResourceTemplateExampleUri,
  mcpdescResourceExampleConsistency,
  mcpdescPromptExampleArguments,
  mcpPromptResultMembers,
  mcpdescCompletionExampleArguments,
  mcpCompletionProtocolVersion,
  mcpCompletionResultMembers,
  mcpdescPrimitiveExampleCompletedResultForm,
];

export function findRule(id: string): Rule | undefined {
  return validationRules.find((r) => r.id === id);
}
