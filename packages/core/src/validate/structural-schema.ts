/**
 * The structural JSON Schema (2020-12) of the MCP Description format, written from the
 * specification text (0.8.0; 0.9.0-rc.3 differs only in its Tools section).
 *
 * Scope: shapes, required members, closed objects, extension (`x-*`) eligibility (spec 14.2),
 * non-empty ordinary collections (spec 3.3), name grammars and URI syntax. Everything that
 * depends on protocol revisions, references between parts of the document, embedded JSON
 * Schemas or MCP-native payloads is left to the semantic rules: here those values are only
 * typed (`object`, `string`).
 */

import { nodeNames, nodeTypes } from '../model/shape-tree.js';

export type StructuralVersion = '0.8.0' | '0.9.0-rc.3';

type Schema = Record<string, unknown>;

/** Grammar of local names: security schemes, example maps, component names, elicitation names. */
export const LOCAL_NAME_PATTERN = '^[A-Za-z0-9._-]+$';
/** Object-level specification extension names (spec 14.1). */
export const EXTENSION_PATTERN = '^x-';

/** Where each `$defs` entry comes from: display name and specification section. */
export const DEFINITION_INFO: Readonly<Record<string, { title: string; spec: string }>> = {
  // The object kinds of the shape tree carry their own names and sections.
  ...Object.fromEntries(
    nodeNames
      .filter((name) => !nodeTypes[name].payload && name !== 'ToolSchema')
      .map((name) => [name, { title: nodeTypes[name].title, spec: nodeTypes[name].spec }]),
  ),
  ProtocolVersions: { title: 'protocolVersions array', spec: '4.10' },
  RootProtocolVersions: { title: 'root protocolVersions array', spec: '4.9' },
  SecuritySchemes: { title: 'securitySchemes map', spec: '7.1' },
  SecurityRequirementArray: { title: 'Security Requirement Array', spec: '7.3' },
  SecurityRequirement: { title: 'Security Requirement Object', spec: '7.3' },
  NativeCapability: { title: 'MCP-native capability object', spec: '8.2' },
  CapabilityExtensions: { title: 'capabilities extensions map', spec: '8.4' },
  ExperimentalCapabilities: { title: 'experimental capabilities map', spec: '8.2' },
  ClientRequirements: { title: 'Client Capability Requirements Object', spec: '8.5' },
};

// ---------------------------------------------------------------------------
// Helpers for repeated shapes
// ---------------------------------------------------------------------------

export function ref(name: string): Schema {
  return { $ref: `#/$defs/${name}` };
}

/** A closed, extension-eligible object: the listed properties plus `x-*` (spec 3.8, 14.2). */
export function closed(properties: Record<string, Schema>, required: string[] = []): Schema {
  const s: Schema = {
    type: 'object',
    properties,
    patternProperties: { [EXTENSION_PATTERN]: true },
    additionalProperties: false,
  };
  if (required.length > 0) s.required = required;
  return s;
}

/** A closed object that is not extension-eligible: an `x-*` key is rejected like any other. */
export function closedNoExtensions(properties: Record<string, Schema>, required: string[] = []): Schema {
  const s: Schema = { type: 'object', properties, additionalProperties: false };
  if (required.length > 0) s.required = required;
  return s;
}

/**
 * An open object that is not extension-eligible (MCP-native payloads with forward-compatible
 * members, spec 14.2): unknown members are accepted, `x-*` members are not.
 */
export function openNoExtensions(properties: Record<string, Schema> = {}, required: string[] = []): Schema {
  const s: Schema = { type: 'object', properties, patternProperties: { [EXTENSION_PATTERN]: forbidden() } };
  if (required.length > 0) s.required = required;
  return s;
}

/** A member that must not appear (reported precisely, unlike a `false` schema). */
export function forbidden(): Schema {
  return { not: {} };
}

export function nonEmptyArray(items: Schema): Schema {
  return { type: 'array', minItems: 1, items };
}

/** A non-empty map whose keys follow `namePattern`. Keys are names, never extension slots. */
export function nonEmptyMap(valueSchema: Schema, namePattern?: string): Schema {
  const s: Schema = { type: 'object', minProperties: 1, additionalProperties: valueSchema };
  if (namePattern !== undefined) s.propertyNames = { pattern: namePattern };
  return s;
}

/** A value that is either a Reference Object (when it carries `$componentRef`) or the inline definition. */
export function refOr(inline: string | Schema): Schema {
  return {
    if: { type: 'object', required: ['$componentRef'] },
    then: ref('ReferenceObject'),
    else: typeof inline === 'string' ? ref(inline) : inline,
  };
}

/** An embedded JSON Schema: only its container type is structural (validity is checked elsewhere). */
export function jsonSchema(): Schema {
  return { type: 'object' };
}

/** A carried MCP-native payload (`result`, step request/response, `_meta`): checked per revision elsewhere. */
export function mcpPayload(): Schema {
  return { type: 'object' };
}

/** A map from arbitrary keys to strings. */
export function stringMap(): Schema {
  return { type: 'object', additionalProperties: { type: 'string' } };
}

/** `if type == value then <def>` branch of a discriminated object. */
function when(discriminator: string, value: string, then: Schema): Schema {
  return {
    if: { type: 'object', properties: { [discriminator]: { const: value } }, required: [discriminator] },
    then,
  };
}

const str: Schema = { type: 'string' };
const nonEmptyStr: Schema = { type: 'string', minLength: 1 };
const uri: Schema = { type: 'string', format: 'uri' };
const bool: Schema = { type: 'boolean' };
const obj: Schema = { type: 'object' };
const stringArray: Schema = { type: 'array', items: str };

// ---------------------------------------------------------------------------
// The schema
// ---------------------------------------------------------------------------

function primitiveCommon(): Record<string, Schema> {
  return {
    protocolVersions: ref('ProtocolVersions'),
    name: str,
    title: str,
    description: str,
    icons: nonEmptyArray(ref('Icon')),
    tags: nonEmptyArray(str),
    elicitations: nonEmptyArray(ref('ElicitationDeclaration')),
    deprecated: bool,
    _meta: mcpPayload(),
    security: ref('SecurityRequirementArray'),
    clientRequirements: ref('ClientRequirements'),
  };
}

function toolAnnotations(version: StructuralVersion): Schema {
  const properties = {
    title: str,
    readOnlyHint: bool,
    destructiveHint: bool,
    idempotentHint: bool,
    openWorldHint: bool,
  };
  // 0.8.0 §9.6: open for forward compatibility, but not extension-eligible (§14.2 "annotation
  // objects"); 0.9.0-rc.3 §9.6: closed to exactly the five members, `x-*` included.
  return version === '0.8.0' ? openNoExtensions(properties) : closedNoExtensions(properties);
}

function flow(required: string[]): Schema {
  return closed(
    {
      authorizationUrl: uri,
      tokenUrl: uri,
      refreshUrl: uri,
      scopes: stringMap(),
    },
    [...required, 'scopes'],
  );
}

const transportCommon = (): Record<string, Schema> => ({
  protocolVersions: ref('ProtocolVersions'),
  security: ref('SecurityRequirementArray'),
});

export function structuralSchema(version: StructuralVersion): object {
  const $defs: Record<string, Schema> = {
    Root: closed(
      {
        $schema: str,
        mcpdesc: str,
        info: ref('Info'),
        protocolVersions: ref('RootProtocolVersions'),
        instructions: str,
        transports: nonEmptyArray(ref('Transport')),
        securitySchemes: ref('SecuritySchemes'),
        security: ref('SecurityRequirementArray'),
        components: ref('Components'),
        capabilities: nonEmptyArray(ref('Capabilities')),
        tools: nonEmptyArray(ref('Tool')),
        resources: nonEmptyArray(ref('Resource')),
        resourceTemplates: nonEmptyArray(ref('ResourceTemplate')),
        prompts: nonEmptyArray(ref('Prompt')),
        tags: nonEmptyArray(ref('Tag')),
      },
      ['mcpdesc', 'info', 'protocolVersions'],
    ),

    // §5
    Info: closed(
      {
        name: nonEmptyStr,
        version: nonEmptyStr,
        title: str,
        description: str,
        id: str, // typed "string" (not "string (URI)"); registry names such as io.github.x/server are common
        icons: nonEmptyArray(ref('Icon')),
        websiteUrl: uri,
        contact: ref('Contact'),
        license: ref('License'),
      },
      ['name', 'version'],
    ),
    Contact: closed({ name: str, url: uri, email: str }),
    License: closed({ name: str, url: uri }, ['name']),
    Icon: closed({ src: uri, mimeType: str, sizes: stringArray, theme: { enum: ['light', 'dark'] } }, ['src']),

    // §4.9, §4.10 (values and uniqueness are semantic rules)
    RootProtocolVersions: { type: 'array', minItems: 1, items: str },
    ProtocolVersions: { type: 'array', minItems: 1, items: str },

    // §6
    Transport: {
      type: 'object',
      required: ['type'],
      properties: { type: { enum: ['streamable-http', 'stdio', 'sse'] } },
      allOf: [
        when('type', 'streamable-http', ref('StreamableHttpTransport')),
        when('type', 'stdio', ref('StdioTransport')),
        when('type', 'sse', ref('SseTransport')),
      ],
    },
    StreamableHttpTransport: closed({ type: { const: 'streamable-http' }, url: uri, ...transportCommon() }, [
      'type',
      'url',
    ]),
    StdioTransport: closed(
      {
        type: { const: 'stdio' },
        command: str,
        args: stringArray,
        env: stringMap(),
        ...transportCommon(),
      },
      ['type', 'command'],
    ),
    SseTransport: closed({ type: { const: 'sse' }, url: uri, ...transportCommon() }, ['type', 'url']),

    // §7
    SecuritySchemes: nonEmptyMap(ref('SecurityScheme'), LOCAL_NAME_PATTERN),
    SecurityScheme: {
      ...closed(
        {
          type: { enum: ['http', 'apiKey', 'oauth2', 'openIdConnect'] },
          scheme: str,
          bearerFormat: str,
          name: str,
          in: { enum: ['header', 'query', 'cookie'] },
          flows: ref('OAuthFlows'),
          openIdConnectUrl: uri,
          description: str,
        },
        ['type'],
      ),
      allOf: [
        when('type', 'http', { required: ['scheme'] }),
        when('type', 'apiKey', { required: ['name', 'in'] }),
        when('type', 'oauth2', { required: ['flows'] }),
        when('type', 'openIdConnect', { required: ['openIdConnectUrl'] }),
      ],
    },
    OAuthFlows: {
      ...closed({
        implicit: ref('ImplicitFlow'),
        password: ref('PasswordFlow'),
        clientCredentials: ref('ClientCredentialsFlow'),
        authorizationCode: ref('AuthorizationCodeFlow'),
      }),
      // At least one flow; `x-*` members do not count.
      anyOf: [
        { required: ['implicit'] },
        { required: ['password'] },
        { required: ['clientCredentials'] },
        { required: ['authorizationCode'] },
      ],
    },
    ImplicitFlow: flow(['authorizationUrl']),
    PasswordFlow: flow(['tokenUrl']),
    ClientCredentialsFlow: flow(['tokenUrl']),
    AuthorizationCodeFlow: flow(['authorizationUrl', 'tokenUrl']),
    SecurityRequirementArray: { type: 'array', items: ref('SecurityRequirement') },
    // Not extension-eligible (§14.2): every key is a scheme name, checked by a semantic rule.
    SecurityRequirement: {
      type: 'object',
      additionalProperties: { type: 'array', items: str, uniqueItems: true },
    },

    // §8
    Capabilities: closed({
      protocolVersions: ref('ProtocolVersions'),
      tools: ref('ToolsCapability'),
      resources: ref('ResourcesCapability'),
      prompts: ref('PromptsCapability'),
      completions: ref('NativeCapability'),
      logging: ref('NativeCapability'),
      tasks: ref('TasksCapability'),
      extensions: ref('CapabilityExtensions'),
      experimental: ref('ExperimentalCapabilities'),
    }),
    ToolsCapability: closed({ listChanged: bool }),
    ResourcesCapability: closed({ subscribe: bool, listChanged: bool }),
    PromptsCapability: closed({ listChanged: bool }),
    NativeCapability: openNoExtensions(),
    TasksCapability: openNoExtensions({ list: obj, cancel: obj, requests: ref('TaskRequestsCapability') }),
    TaskRequestsCapability: openNoExtensions({ tools: ref('TaskToolRequestsCapability') }),
    TaskToolRequestsCapability: openNoExtensions({ call: obj }),
    // Keys are MCP extension identifiers (grammar checked by a semantic rule), never `x-*` slots.
    CapabilityExtensions: nonEmptyMap(obj),
    ExperimentalCapabilities: { type: 'object', additionalProperties: obj },
    ClientRequirements: {
      type: 'object',
      minProperties: 1,
      properties: { protocolVersions: forbidden() },
    },

    // §9
    Tool: closed(
      {
        ...primitiveCommon(),
        inputSchema: refOr(jsonSchema()),
        outputSchema: refOr(jsonSchema()),
        annotations: ref('ToolAnnotations'),
        execution: ref('Execution'),
        examples: nonEmptyMap(refOr('ToolExample'), LOCAL_NAME_PATTERN),
        interactionExamples: nonEmptyMap(ref('ToolInteractionExample'), LOCAL_NAME_PATTERN),
      },
      ['name', 'inputSchema'],
    ),
    ToolAnnotations: toolAnnotations(version),
    Execution: closedNoExtensions({ taskSupport: { enum: ['forbidden', 'optional', 'required'] } }),
    ToolExample: closed({ input: obj, result: mcpPayload() }, ['input', 'result']),
    ToolInteractionExample: closed(
      { input: obj, steps: nonEmptyArray(ref('ToolInteractionStep')), result: mcpPayload() },
      ['input', 'steps', 'result'],
    ),
    ToolInteractionStep: {
      ...closed(
        {
          type: { enum: ['elicitation', 'sampling', 'roots'] },
          declaration: str,
          request: mcpPayload(),
          response: mcpPayload(),
        },
        ['type', 'request', 'response'],
      ),
      // `declaration` belongs to elicitation steps only.
      if: { type: 'object', properties: { type: { const: 'elicitation' } }, required: ['type'] },
      else: { properties: { declaration: forbidden() } },
    },

    // §10
    Resource: closed(
      {
        ...primitiveCommon(),
        uri: str,
        mimeType: str,
        size: { type: 'number', minimum: 0 },
        annotations: ref('ResourceAnnotations'),
        examples: nonEmptyMap(refOr('ResourceExample'), LOCAL_NAME_PATTERN),
      },
      ['uri', 'name'],
    ),
    ResourceTemplate: closed(
      {
        ...primitiveCommon(),
        uriTemplate: str,
        mimeType: str,
        annotations: ref('ResourceAnnotations'),
        examples: nonEmptyMap(refOr('ResourceTemplateExample'), LOCAL_NAME_PATTERN),
        completionExamples: nonEmptyMap(ref('CompletionExample'), LOCAL_NAME_PATTERN),
      },
      ['uriTemplate', 'name'],
    ),
    ResourceAnnotations: openNoExtensions({
      audience: { type: 'array', items: { enum: ['user', 'assistant'] } },
      priority: { type: 'number', minimum: 0, maximum: 1 },
      lastModified: str,
    }),
    ResourceExample: closed({ result: mcpPayload() }, ['result']),
    ResourceTemplateExample: closed({ uri: str, result: mcpPayload() }, ['uri', 'result']),
    CompletionExample: closed(
      {
        argument: ref('CompletionArgument'),
        context: ref('CompletionContext'),
        result: mcpPayload(),
      },
      ['argument', 'result'],
    ),
    CompletionArgument: closedNoExtensions({ name: str, value: str }, ['name', 'value']),
    CompletionContext: closedNoExtensions({ arguments: { ...stringMap(), minProperties: 1 } }, ['arguments']),

    // §11
    Prompt: closed(
      {
        ...primitiveCommon(),
        arguments: nonEmptyArray(ref('PromptArgument')),
        examples: nonEmptyMap(refOr('PromptExample'), LOCAL_NAME_PATTERN),
        completionExamples: nonEmptyMap(ref('CompletionExample'), LOCAL_NAME_PATTERN),
      },
      ['name'],
    ),
    PromptArgument: closed({ name: str, title: str, description: str, required: bool }, ['name']),
    PromptExample: closed({ arguments: stringMap(), result: mcpPayload() }, ['result']),

    // §12
    ElicitationDeclaration: {
      ...closed(
        {
          name: { type: 'string', pattern: LOCAL_NAME_PATTERN },
          mode: { enum: ['form', 'url'] },
          message: nonEmptyStr,
          when: nonEmptyStr,
          requestedSchema: refOr(jsonSchema()),
          url: uri,
          onDecline: nonEmptyStr,
          onCancel: nonEmptyStr,
          protocolVersions: ref('ProtocolVersions'),
        },
        ['name', 'mode', 'message'],
      ),
      allOf: [
        when('mode', 'form', { required: ['requestedSchema'], properties: { url: forbidden() } }),
        when('mode', 'url', { properties: { requestedSchema: forbidden() } }),
      ],
    },

    // §13
    Tag: closed({ name: str, description: str }, ['name']),

    // §17
    Components: {
      ...closed({
        schemas: nonEmptyMap(refOr(jsonSchema()), LOCAL_NAME_PATTERN),
        toolExamples: nonEmptyMap(refOr('ToolExample'), LOCAL_NAME_PATTERN),
        resourceExamples: nonEmptyMap(refOr('ResourceExample'), LOCAL_NAME_PATTERN),
        resourceTemplateExamples: nonEmptyMap(refOr('ResourceTemplateExample'), LOCAL_NAME_PATTERN),
        promptExamples: nonEmptyMap(refOr('PromptExample'), LOCAL_NAME_PATTERN),
      }),
      // §17.1 / §17.5: outer `x-*` members keep the Components Object non-empty.
      minProperties: 1,
    },
    // Exactly one member, no sibling, not even `x-*` (§17.2).
    ReferenceObject: closedNoExtensions({ $componentRef: str }, ['$componentRef']),
  };

  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `https://mcpdesc-toolkit.local/structural/${version}.json`,
    title: `MCP Description ${version} structural schema`,
    $ref: '#/$defs/Root',
    $defs,
  };
}
