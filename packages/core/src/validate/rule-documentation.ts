import { docs as jsonSchemaToolSchemaValid } from './rules/json-schema.tool-schema.valid.js';
import { docs as mcpCapabilitiesProtocolVersion } from './rules/mcp.capabilities.protocol-version.js';
import { docs as mcpClientRequirementsShape } from './rules/mcp.client-requirements.shape.js';
import { docs as mcpCompletionResultMembers } from './rules/mcp.completion-result.members.js';
import { docs as mcpCompletionProtocolVersion } from './rules/mcp.completion.protocol-version.js';
import { docs as mcpContentBlockProtocolVersion } from './rules/mcp.content-block.protocol-version.js';
import { docs as mcpDeclarationFieldProtocolVersion } from './rules/mcp.declaration.field.protocol-version.js';
import { docs as mcpElicitationProtocolVersion } from './rules/mcp.elicitation.protocol-version.js';
import { docs as mcpExampleResultMembers } from './rules/mcp.example-result.members.js';
import { docs as mcpExtensionIdentifier } from './rules/mcp.extension.identifier.js';
import { docs as mcpInputResponseClosed } from './rules/mcp.input-response.closed.js';
import { docs as mcpInteractionMessageMembers } from './rules/mcp.interaction-message.members.js';
import { docs as mcpInteractionUri } from './rules/mcp.interaction.uri.js';
import { docs as mcpMetaKeys } from './rules/mcp.meta.keys.js';
import { docs as mcpPromptResultMembers } from './rules/mcp.prompt-result.members.js';
import { docs as mcpResourceResultMembers } from './rules/mcp.resource-result.members.js';
import { docs as mcpRootMetaProtocolVersion } from './rules/mcp.root.meta.protocol-version.js';
import { docs as mcpRootUriFileScheme } from './rules/mcp.root.uri.file-scheme.js';
import { docs as mcpSamplingToolsProtocolVersion } from './rules/mcp.sampling.tools.protocol-version.js';
import { docs as mcpToolAnnotationsMembers } from './rules/mcp.tool-annotations.members.js';
import { docs as mcpToolInputSchemaObjectRoot } from './rules/mcp.tool.input-schema.object-root.js';
import { docs as mcpToolInputSchemaXMcpHeader } from './rules/mcp.tool.input-schema.x-mcp-header.js';
import { docs as mcpToolOutputSchemaObjectRoot } from './rules/mcp.tool.output-schema.object-root.js';
import { docs as mcpToolSchemaKeywordsPreserve } from './rules/mcp.tool.schema-keywords.preserve.js';
import { docs as mcpToolSchemaLegacyShape } from './rules/mcp.tool.schema.legacy-shape.js';
import { docs as mcpToolSchemaNativeShape } from './rules/mcp.tool.schema.native-shape.js';
import { docs as mcpToolStructuredContentOutputSchema } from './rules/mcp.tool.structured-content.output-schema.js';
import { docs as mcpTransportProtocolVersion } from './rules/mcp.transport.protocol-version.js';
import { docs as mcpdescCompletionExampleArguments } from './rules/mcpdesc.completion.example.arguments.js';
import { docs as mcpdescComponentsReferences } from './rules/mcpdesc.components.references.js';
import { docs as mcpdescElicitationDeclaration } from './rules/mcpdesc.elicitation.declaration.js';
import { docs as mcpdescExampleCompletedResultForm } from './rules/mcpdesc.example.completed-result-form.js';
import { docs as mcpdescExampleMembers } from './rules/mcpdesc.example.members.js';
import { docs as mcpdescExampleResultProtocolFidelity } from './rules/mcpdesc.example.result.protocol-fidelity.js';
import { docs as mcpdescPrimitiveExampleCompletedResultForm } from './rules/mcpdesc.primitive-example.completed-result-form.js';
import { docs as mcpdescPromptExampleArguments } from './rules/mcpdesc.prompt.example.arguments.js';
import { docs as mcpdescProtocolScopeConsistency } from './rules/mcpdesc.protocol-scope.consistency.js';
import { docs as mcpdescProtocolScopeSubset } from './rules/mcpdesc.protocol-scope.subset.js';
import { docs as mcpdescProtocolVersions } from './rules/mcpdesc.protocol-versions.js';
import { docs as mcpdescResourceTemplateExampleUri } from './rules/mcpdesc.resource-template.example.uri.js';
import { docs as mcpdescResourceExampleConsistency } from './rules/mcpdesc.resource.example.consistency.js';
import { docs as mcpdescResourceIdentifiers } from './rules/mcpdesc.resource.identifiers.js';
import { docs as mcpdescSecurityReferences } from './rules/mcpdesc.security.references.js';
import { docs as mcpdescTagsReferences } from './rules/mcpdesc.tags.references.js';
import { docs as mcpdescToolExampleErrorResult } from './rules/mcpdesc.tool.example.error-result.js';
import { docs as mcpdescToolExampleSchemaConformance } from './rules/mcpdesc.tool.example.schema-conformance.js';
import { docs as mcpdescToolInteractionClientRequirementsConsistency } from './rules/mcpdesc.tool.interaction.client-requirements-consistency.js';
import { docs as mcpdescToolInteractionElicitationConsistency } from './rules/mcpdesc.tool.interaction.elicitation-consistency.js';
import { docs as mcpdescToolInteractionMembers } from './rules/mcpdesc.tool.interaction.members.js';
import { docs as mcpdescToolMembers } from './rules/mcpdesc.tool.members.js';
import { docs as mcpdescTransportCoverage } from './rules/mcpdesc.transport.coverage.js';
import { docs as mcpdescValueFormats } from './rules/mcpdesc.value-formats.js';
import { docs as mcpdescVersion } from './rules/mcpdesc.version.js';
import type { DocumentedRule, Rule, RuleDocs } from './rule.js';
import { validationRules } from './catalogue.js';

/**
 * The documentation of every validation rule, which each rule file exports as a function `docs` beside its
 * `rule` (the file is named by the rule id). Only what shows documentation imports this module
 * (the rules catalogue, the rule pages, report summaries): a bundle of `validate` leaves the
 * text and its example documents out.
 */
const docsById: ReadonlyMap<string, () => RuleDocs> = new Map([
  ['json-schema.tool-schema.valid', jsonSchemaToolSchemaValid],
  ['mcp.capabilities.protocol-version', mcpCapabilitiesProtocolVersion],
  ['mcp.client-requirements.shape', mcpClientRequirementsShape],
  ['mcp.completion-result.members', mcpCompletionResultMembers],
  ['mcp.completion.protocol-version', mcpCompletionProtocolVersion],
  ['mcp.content-block.protocol-version', mcpContentBlockProtocolVersion],
  ['mcp.declaration.field.protocol-version', mcpDeclarationFieldProtocolVersion],
  ['mcp.elicitation.protocol-version', mcpElicitationProtocolVersion],
  ['mcp.example-result.members', mcpExampleResultMembers],
  ['mcp.extension.identifier', mcpExtensionIdentifier],
  ['mcp.input-response.closed', mcpInputResponseClosed],
  ['mcp.interaction-message.members', mcpInteractionMessageMembers],
  ['mcp.interaction.uri', mcpInteractionUri],
  ['mcp.meta.keys', mcpMetaKeys],
  ['mcp.prompt-result.members', mcpPromptResultMembers],
  ['mcp.resource-result.members', mcpResourceResultMembers],
  ['mcp.root.meta.protocol-version', mcpRootMetaProtocolVersion],
  ['mcp.root.uri.file-scheme', mcpRootUriFileScheme],
  ['mcp.sampling.tools.protocol-version', mcpSamplingToolsProtocolVersion],
  ['mcp.tool-annotations.members', mcpToolAnnotationsMembers],
  ['mcp.tool.input-schema.object-root', mcpToolInputSchemaObjectRoot],
  ['mcp.tool.input-schema.x-mcp-header', mcpToolInputSchemaXMcpHeader],
  ['mcp.tool.output-schema.object-root', mcpToolOutputSchemaObjectRoot],
  ['mcp.tool.schema-keywords.preserve', mcpToolSchemaKeywordsPreserve],
  ['mcp.tool.schema.legacy-shape', mcpToolSchemaLegacyShape],
  ['mcp.tool.schema.native-shape', mcpToolSchemaNativeShape],
  ['mcp.tool.structured-content.output-schema', mcpToolStructuredContentOutputSchema],
  ['mcp.transport.protocol-version', mcpTransportProtocolVersion],
  ['mcpdesc.completion.example.arguments', mcpdescCompletionExampleArguments],
  ['mcpdesc.components.references', mcpdescComponentsReferences],
  ['mcpdesc.elicitation.declaration', mcpdescElicitationDeclaration],
  ['mcpdesc.example.completed-result-form', mcpdescExampleCompletedResultForm],
  ['mcpdesc.example.members', mcpdescExampleMembers],
  ['mcpdesc.example.result.protocol-fidelity', mcpdescExampleResultProtocolFidelity],
  ['mcpdesc.primitive-example.completed-result-form', mcpdescPrimitiveExampleCompletedResultForm],
  ['mcpdesc.prompt.example.arguments', mcpdescPromptExampleArguments],
  ['mcpdesc.protocol-scope.consistency', mcpdescProtocolScopeConsistency],
  ['mcpdesc.protocol-scope.subset', mcpdescProtocolScopeSubset],
  ['mcpdesc.protocol-versions', mcpdescProtocolVersions],
  ['mcpdesc.resource-template.example.uri', mcpdescResourceTemplateExampleUri],
  ['mcpdesc.resource.example.consistency', mcpdescResourceExampleConsistency],
  ['mcpdesc.resource.identifiers', mcpdescResourceIdentifiers],
  ['mcpdesc.security.references', mcpdescSecurityReferences],
  ['mcpdesc.tags.references', mcpdescTagsReferences],
  ['mcpdesc.tool.example.error-result', mcpdescToolExampleErrorResult],
  ['mcpdesc.tool.example.schema-conformance', mcpdescToolExampleSchemaConformance],
  ['mcpdesc.tool.interaction.client-requirements-consistency', mcpdescToolInteractionClientRequirementsConsistency],
  ['mcpdesc.tool.interaction.elicitation-consistency', mcpdescToolInteractionElicitationConsistency],
  ['mcpdesc.tool.interaction.members', mcpdescToolInteractionMembers],
  ['mcpdesc.tool.members', mcpdescToolMembers],
  ['mcpdesc.transport.coverage', mcpdescTransportCoverage],
  ['mcpdesc.value-formats', mcpdescValueFormats],
  ['mcpdesc.version', mcpdescVersion],
]);

/** Every validation rule with its documentation, in the order of `validationRules`. */
export const documentedValidationRules: readonly DocumentedRule<Rule>[] = validationRules.map((rule) => {
  const docs = docsById.get(rule.id);
  if (docs === undefined) throw new Error(`rule ${rule.id} has no documentation`);
  return { ...rule, docs: docs() };
});
