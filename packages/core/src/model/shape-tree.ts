/**
 * The shape tree: every object kind of MCP Description 0.8.0 and of the MCP payloads its examples
 * carry, with each field's type, origin (native MCP or description-only), the revisions that define
 * it, the component namespace a Reference Object there targets, and whether the object takes
 * `x-*`. It is the single source of field facts: the gated-field rule, `native`'s per-revision
 * view, `fitToRevision` (capture, verify, native) and the editor's gates, completion and hover
 * read it. A field name gated by revision is written here and nowhere else.
 *
 * Sources: the specification's property tables ("Since MCP X", "MCP X only": a test reads them
 * from the spec text) and the structural schema (`validate/structural-schema.ts`: a test checks
 * that both name the same fields, required members, closedness and extension eligibility).
 * Adding a field, a kind or a revision: docs/architecture.md, "The shape tree".
 */
import { defines, having, lacking, type Revision, type RevisionFeature } from './revisions.js';

/** The five component namespaces of section 17.1, in spec order: the fields of the Components Object. */
export const componentNamespaces = [
  'schemas',
  'toolExamples',
  'resourceExamples',
  'resourceTemplateExamples',
  'promptExamples',
] as const;
export type ComponentNamespace = (typeof componentNamespaces)[number];

/** A value that is not an object kind of the tree. */
export type ValueType =
  | 'string'
  /** A standard base64 string (RFC 4648 section 4), padded. */
  | 'base64'
  | 'uri'
  | 'number'
  | 'integer'
  | 'boolean'
  /** Any object whose members the tree does not describe. */
  | 'object'
  /** A map of strings to strings. */
  | 'string-map'
  /** Any JSON value. */
  | 'any'
  /** An array of MCP revision strings (4.9, 4.10). */
  | 'revisions'
  /** A Security Requirement Array (7.3): its keys are scheme names. */
  | 'security-requirements'
  /** An embedded JSON Schema (9.2, 12.3, 17.1): its own dialect governs it. */
  | 'json-schema'
  /** Literal MCP `_meta` (3.5): its keys follow MCP's grammar, checked by its rule. */
  | 'meta';

export type NodeName = keyof typeof nodeTable;

/** What a field of an object holds. */
export interface FieldShape {
  /**
   * The value's type: an object kind of the tree (a NodeName) or a plain value type (a ValueType);
   * typed as a string so that the table can name kinds defined after it (a test checks each name).
   */
  type: string;
  /** `list`: an array of the type; `map`: an object of names to the type. */
  container?: 'list' | 'map';
  required?: boolean;
  /** `native`: a member of the MCP object on the wire; `description`: MCP Description only (4.12). */
  origin: 'native' | 'description';
  /**
   * The revisions that define the field (a key of the revision table); absent: every revision.
   * Outside them the field MUST NOT appear (3.5, 9.1, 10.3, 11.2) unless `legacy` says otherwise.
   */
  since?: RevisionFeature;
  /** Outside `since` the field is kept with a warning rather than refused (8.2 `extensions`). */
  legacy?: boolean;
  /** A Reference Object may stand for the value (or for each map entry) and targets this namespace (17.3). */
  ref?: ComponentNamespace;
  /** Values of a string field that only some revisions define. */
  values?: Readonly<Record<string, RevisionFeature>>;
  /**
   * The closed set of values of a string field (of each item, for a list) that every revision
   * allows alike; a gated set is `values`, a discriminator's is its kind's `variants`.
   */
  choices?: readonly string[];
  /** How a value MCP allows here but the format forbids is written by capture and read back by verify. */
  wire?: WireRule;
}

/**
 * A native field whose MCP wire value the format spells otherwise (no MCP revision constrains
 * these; 0.8.0 does): capture maps it (operations/wire-to-format.ts) and verify compares through
 * the same mapping. The table is in docs/live.md, "From the wire to the format".
 */
export interface WireRule {
  /** An empty list or map means what no value means (3.3): capture omits it, verify reads it as absent. */
  empty?: 'omit';
  /**
   * An empty string where the format wants a non-empty one: capture writes the user's choice, else
   * this placeholder, with a warning; verify reads the server's `""` as no claim.
   */
  emptyString?: { placeholder: string };
  /** The least number the format allows: a smaller one is left out with a warning. */
  minimum?: number;
}

/** One object kind. */
export interface NodeShape {
  /** The specification's name for the object, for messages. */
  title: string;
  /** The section that defines it. */
  spec: string;
  /** `closed`: members outside `fields` are rejected (3.8); `open`: kept for forward compatibility. */
  members: 'closed' | 'open';
  /** Whether the object takes `x-*` specification extensions (14.2). */
  extensions: boolean;
  /** The MCP type the object is carried as, when it is native (4.12). */
  mcpType?: string;
  /**
   * An MCP payload carried by a named example (a result, a content block): its gates name
   * protocol features every result or content shares, which the result rules read too.
   */
  payload?: boolean;
  /** A discriminated object: the member naming the variant, and the object kind of each value. */
  variants?: { discriminator: string; kinds: Readonly<Record<string, string>> };
  /** With `variants`: an entry whose discriminator value the revision lacks is no declaration at all. */
  dropUndefinedVariant?: boolean;
  fields: Readonly<Record<string, FieldShape>>;
}

// ---- terse constructors: the table below reads like the spec's property tables ----

type Options = Omit<FieldShape, 'type' | 'origin'>;

/** A native MCP field. */
function wire(type: FieldShape['type'], options: Options = {}): FieldShape {
  return { type, origin: 'native', ...options };
}
/** A field only MCP Description defines. */
function own(type: FieldShape['type'], options: Options = {}): FieldShape {
  return { type, origin: 'description', ...options };
}
const required = { required: true } as const;
const list = { container: 'list' } as const;
const map = { container: 'map' } as const;
/** 3.3: an empty collection is omitted (MCP allows it empty, the format does not). */
const omitEmpty = { wire: { empty: 'omit' } } as const;

/** Fields every primitive declaration has (9.1, 10.1.1, 10.2.1, 11.1), in MCP type order first. */
function primitiveFields(identity: Record<string, FieldShape>, middle: Record<string, FieldShape>) {
  return {
    ...identity,
    title: wire('string', { since: 'primitive.title' }),
    description: wire('string'),
    ...middle,
    icons: wire('Icon', { ...list, since: 'primitive.icons', ...omitEmpty }),
    _meta: wire('meta', { since: 'primitive._meta' }),
    protocolVersions: own('revisions'),
    tags: own('string', list),
    elicitations: own('ElicitationDeclaration', list),
    deprecated: own('boolean'),
    security: own('security-requirements'),
    clientRequirements: own('object'),
  } satisfies Record<string, FieldShape>;
}

/** A transport's common members (6.2). */
const transportScope = {
  protocolVersions: own('revisions'),
  security: own('security-requirements'),
} satisfies Record<string, FieldShape>;

/** Every OAuth flow's members (7.2). */
function flowFields(requiredUrls: readonly string[]): Record<string, FieldShape> {
  const url = (name: string) => own('uri', requiredUrls.includes(name) ? required : {});
  return {
    authorizationUrl: url('authorizationUrl'),
    tokenUrl: url('tokenUrl'),
    refreshUrl: url('refreshUrl'),
    scopes: own('string-map', required),
  };
}

/** Members every completed result may carry (9.3, 10.4.4, 11.3, 10.4.6). */
const resultCommon = {
  _meta: wire('meta', { since: 'result._meta' }),
  resultType: wire('string', { since: 'result.resultType' }),
} satisfies Record<string, FieldShape>;

/** Members every content block may carry (MCP content types). */
const contentCommon = {
  annotations: wire('ResourceAnnotations'),
  _meta: wire('meta', { since: 'content._meta' }),
} satisfies Record<string, FieldShape>;

/**
 * The tree. Keys are the structural schema's definition names where it has one; the MCP payload
 * kinds below `ToolResult` are carried inside examples (typed `object` by the structural schema,
 * checked per revision by the content and result rules).
 */
const nodeTable = {
  Root: {
    title: 'MCP Description Object',
    spec: '3.2',
    members: 'closed',
    extensions: true,
    fields: {
      $schema: own('string'),
      mcpdesc: own('string', required),
      info: own('Info', required),
      protocolVersions: own('revisions', required),
      instructions: wire('string'),
      transports: own('Transport', list),
      securitySchemes: own('SecurityScheme', map),
      security: own('security-requirements'),
      components: own('Components'),
      capabilities: wire('Capabilities', list),
      tools: wire('Tool', list),
      resources: wire('Resource', list),
      resourceTemplates: wire('ResourceTemplate', list),
      prompts: wire('Prompt', list),
      tags: own('Tag', list),
    },
  },
  // 5: Info is unscoped (no field is gated); its MCP-sourced fields map to `Implementation`.
  Info: {
    title: 'Info Object',
    spec: '5.1',
    members: 'closed',
    extensions: true,
    mcpType: 'Implementation',
    fields: {
      name: wire('string', required),
      // MCP's Implementation.version may be "" (the Python SDK's default); 5.1 wants a non-empty one.
      version: wire('string', { ...required, wire: { emptyString: { placeholder: '0.0.0-unversioned' } } }),
      title: wire('string'),
      description: wire('string'),
      id: own('string'),
      icons: wire('Icon', { ...list, ...omitEmpty }),
      websiteUrl: wire('uri'),
      contact: own('Contact'),
      license: own('License'),
    },
  },
  Contact: {
    title: 'Contact Object',
    spec: '5.2',
    members: 'closed',
    extensions: true,
    fields: { name: own('string'), url: own('uri'), email: own('string') },
  },
  License: {
    title: 'License Object',
    spec: '5.3',
    members: 'closed',
    extensions: true,
    fields: { name: own('string', required), url: own('uri') },
  },
  Icon: {
    title: 'Icon Object',
    spec: 'A',
    members: 'closed',
    extensions: true,
    mcpType: 'Icon',
    fields: {
      src: wire('uri', required),
      mimeType: wire('string'),
      sizes: wire('string', list),
      theme: wire('string', { choices: ['light', 'dark'] }),
    },
  },
  Transport: {
    title: 'Transport Object',
    spec: '6.2',
    members: 'closed',
    extensions: true,
    // SSE is not gated: later revisions keep it as a legacy transport with a warning (6.2.3).
    variants: {
      discriminator: 'type',
      kinds: { 'streamable-http': 'StreamableHttpTransport', stdio: 'StdioTransport', sse: 'SseTransport' },
    },
    dropUndefinedVariant: true,
    fields: {
      type: own('string', {
        ...required,
        values: { stdio: 'transport.stdio', 'streamable-http': 'transport.streamable-http' },
      }),
      ...transportScope,
    },
  },
  StreamableHttpTransport: {
    title: 'Streamable HTTP Transport Object',
    spec: '6.2.1',
    members: 'closed',
    extensions: true,
    fields: { type: own('string', required), url: own('uri', required), ...transportScope },
  },
  StdioTransport: {
    title: 'stdio Transport Object',
    spec: '6.2.2',
    members: 'closed',
    extensions: true,
    fields: {
      type: own('string', required),
      command: own('string', required),
      args: own('string', list),
      env: own('string-map'),
      ...transportScope,
    },
  },
  SseTransport: {
    title: 'SSE Transport Object',
    spec: '6.2.3',
    members: 'closed',
    extensions: true,
    fields: { type: own('string', required), url: own('uri', required), ...transportScope },
  },
  SecurityScheme: {
    title: 'Security Scheme Object',
    spec: '7.2',
    members: 'closed',
    extensions: true,
    fields: {
      type: own('string', { ...required, choices: ['http', 'apiKey', 'oauth2', 'openIdConnect'] }),
      scheme: own('string'),
      bearerFormat: own('string'),
      name: own('string'),
      in: own('string', { choices: ['header', 'query', 'cookie'] }),
      flows: own('OAuthFlows'),
      openIdConnectUrl: own('uri'),
      description: own('string'),
    },
  },
  OAuthFlows: {
    title: 'OAuth Flows Object',
    spec: '7.2',
    members: 'closed',
    extensions: true,
    fields: {
      implicit: own('ImplicitFlow'),
      password: own('PasswordFlow'),
      clientCredentials: own('ClientCredentialsFlow'),
      authorizationCode: own('AuthorizationCodeFlow'),
    },
  },
  ImplicitFlow: {
    title: 'OAuth Flow Object (implicit)',
    spec: '7.2',
    members: 'closed',
    extensions: true,
    fields: flowFields(['authorizationUrl']),
  },
  PasswordFlow: {
    title: 'OAuth Flow Object (password)',
    spec: '7.2',
    members: 'closed',
    extensions: true,
    fields: flowFields(['tokenUrl']),
  },
  ClientCredentialsFlow: {
    title: 'OAuth Flow Object (clientCredentials)',
    spec: '7.2',
    members: 'closed',
    extensions: true,
    fields: flowFields(['tokenUrl']),
  },
  AuthorizationCodeFlow: {
    title: 'OAuth Flow Object (authorizationCode)',
    spec: '7.2',
    members: 'closed',
    extensions: true,
    fields: flowFields(['authorizationUrl', 'tokenUrl']),
  },
  Capabilities: {
    title: 'Capabilities Object',
    spec: '8.2',
    members: 'closed',
    extensions: true,
    mcpType: 'ServerCapabilities',
    fields: {
      protocolVersions: own('revisions'),
      tools: wire('ToolsCapability'),
      resources: wire('ResourcesCapability'),
      prompts: wire('PromptsCapability'),
      completions: wire('object', { since: 'capability.completions' }),
      logging: wire('object'),
      tasks: wire('TasksCapability', { since: 'capability.tasks' }),
      // 8.2: a pre-standard advertisement on an earlier revision is preserved with a warning.
      extensions: wire('object', { since: 'capability.extensions', legacy: true, ...omitEmpty }),
      experimental: wire('object'),
    },
  },
  // 8.3: MCP's own open objects (members a later revision adds are kept), never `x-*` (8.4).
  TasksCapability: {
    title: 'tasks capability object',
    spec: '8.3',
    members: 'open',
    extensions: false,
    fields: { list: wire('object'), cancel: wire('object'), requests: wire('TaskRequestsCapability') },
  },
  TaskRequestsCapability: {
    title: 'tasks.requests capability object',
    spec: '8.3',
    members: 'open',
    extensions: false,
    fields: { tools: wire('TaskToolRequestsCapability') },
  },
  TaskToolRequestsCapability: {
    title: 'tasks.requests.tools capability object',
    spec: '8.3',
    members: 'open',
    extensions: false,
    fields: { call: wire('object') },
  },
  ToolsCapability: {
    title: 'tools capability declaration object',
    spec: '8.2',
    members: 'closed',
    extensions: true,
    fields: { listChanged: wire('boolean') },
  },
  ResourcesCapability: {
    title: 'resources capability declaration object',
    spec: '8.2',
    members: 'closed',
    extensions: true,
    fields: { subscribe: wire('boolean'), listChanged: wire('boolean') },
  },
  PromptsCapability: {
    title: 'prompts capability declaration object',
    spec: '8.2',
    members: 'closed',
    extensions: true,
    fields: { listChanged: wire('boolean') },
  },
  Tool: {
    title: 'Tool Object',
    spec: '9.1',
    members: 'closed',
    extensions: true,
    mcpType: 'Tool',
    fields: primitiveFields(
      { name: wire('string', required) },
      {
        inputSchema: wire('ToolSchema', { ...required, ref: 'schemas' }),
        outputSchema: wire('ToolSchema', { since: 'tool.outputSchema', ref: 'schemas' }),
        annotations: wire('ToolAnnotations', { since: 'tool.annotations' }),
        execution: wire('Execution', { since: 'tool.execution' }),
        examples: own('ToolExample', { ...map, ref: 'toolExamples' }),
        interactionExamples: own('ToolInteractionExample', map),
      },
    ),
  },
  /** A Tool's input or output schema: an embedded JSON Schema whose root MCP constrains by revision (9.2). */
  ToolSchema: {
    title: 'Tool schema',
    spec: '9.2',
    members: 'open',
    extensions: false,
    fields: {
      // 9.2: "Earlier revisions do not define that property on Tool schemas."
      $schema: wire('string', { since: 'tool-schema.$schema' }),
      type: wire('string'),
      properties: wire('object'),
      required: wire('string', list),
    },
  },
  ToolAnnotations: {
    title: 'Tool Annotations Object',
    spec: '9.6',
    members: 'open',
    extensions: false,
    mcpType: 'ToolAnnotations',
    fields: {
      title: wire('string'),
      readOnlyHint: wire('boolean'),
      destructiveHint: wire('boolean'),
      idempotentHint: wire('boolean'),
      openWorldHint: wire('boolean'),
    },
  },
  Execution: {
    title: 'Execution Object',
    spec: '9.7',
    members: 'closed',
    extensions: false,
    mcpType: 'ToolExecution',
    fields: { taskSupport: wire('string', { choices: ['forbidden', 'optional', 'required'] }) },
  },
  ToolExample: {
    title: 'Tool Example Object',
    spec: '9.3',
    members: 'closed',
    extensions: true,
    fields: { input: own('object', required), result: own('ToolResult', required) },
  },
  ToolInteractionExample: {
    title: 'Tool Interaction Example Object',
    spec: '9.4',
    members: 'closed',
    extensions: true,
    fields: {
      input: own('object', required),
      steps: own('ToolInteractionStep', { ...list, ...required }),
      result: own('ToolResult', required),
    },
  },
  ToolInteractionStep: {
    title: 'Tool Interaction Step Object',
    spec: '9.4',
    members: 'closed',
    extensions: true,
    fields: {
      type: own('string', { ...required, choices: ['elicitation', 'sampling', 'roots'] }),
      declaration: own('string'),
      request: own('object', required),
      response: own('object', required),
    },
  },
  Resource: {
    title: 'Resource Object',
    spec: '10.1.1',
    members: 'closed',
    extensions: true,
    mcpType: 'Resource',
    fields: primitiveFields(
      { uri: wire('uri', required), name: wire('string', required) },
      {
        mimeType: wire('string'),
        size: wire('number', { wire: { minimum: 0 } }),
        annotations: wire('ResourceAnnotations'),
        examples: own('ResourceExample', { ...map, ref: 'resourceExamples' }),
      },
    ),
  },
  ResourceTemplate: {
    title: 'Resource Template Object',
    spec: '10.2.1',
    members: 'closed',
    extensions: true,
    mcpType: 'ResourceTemplate',
    fields: primitiveFields(
      { uriTemplate: wire('string', required), name: wire('string', required) },
      {
        mimeType: wire('string'),
        annotations: wire('ResourceAnnotations'),
        examples: own('ResourceTemplateExample', { ...map, ref: 'resourceTemplateExamples' }),
        completionExamples: own('CompletionExample', map),
      },
    ),
  },
  ResourceAnnotations: {
    title: 'Resource Annotations Object',
    spec: '10.3',
    members: 'open',
    extensions: false,
    mcpType: 'Annotations',
    fields: {
      audience: wire('string', { ...list, choices: ['user', 'assistant'] }),
      priority: wire('number'),
      lastModified: wire('string', { since: 'resource-annotations.lastModified' }),
    },
  },
  ResourceExample: {
    title: 'Resource Example Object',
    spec: '10.4.2',
    members: 'closed',
    extensions: true,
    fields: { result: own('ReadResourceResult', required) },
  },
  ResourceTemplateExample: {
    title: 'Resource Template Example Object',
    spec: '10.4.3',
    members: 'closed',
    extensions: true,
    fields: { uri: own('string', required), result: own('ReadResourceResult', required) },
  },
  CompletionExample: {
    title: 'Completion Example Object',
    spec: '10.4.6',
    members: 'closed',
    extensions: true,
    fields: {
      argument: own('CompletionArgument', required),
      context: own('CompletionContext'),
      result: own('CompleteResult', required),
    },
  },
  CompletionArgument: {
    title: 'Completion Example argument object',
    spec: '10.4.6',
    members: 'closed',
    extensions: false,
    fields: { name: wire('string', required), value: wire('string', required) },
  },
  CompletionContext: {
    title: 'Completion Example context object',
    spec: '10.4.6',
    members: 'closed',
    extensions: false,
    fields: { arguments: wire('string-map', required) },
  },
  Prompt: {
    title: 'Prompt Object',
    spec: '11.1',
    members: 'closed',
    extensions: true,
    mcpType: 'Prompt',
    fields: primitiveFields(
      { name: wire('string', required) },
      {
        arguments: wire('PromptArgument', { ...list, ...omitEmpty }),
        examples: own('PromptExample', { ...map, ref: 'promptExamples' }),
        completionExamples: own('CompletionExample', map),
      },
    ),
  },
  PromptArgument: {
    title: 'Prompt Argument Object',
    spec: '11.2',
    members: 'closed',
    extensions: true,
    mcpType: 'PromptArgument',
    fields: {
      name: wire('string', required),
      title: wire('string', { since: 'prompt-argument.title' }),
      description: wire('string'),
      required: wire('boolean'),
    },
  },
  PromptExample: {
    title: 'Prompt Example Object',
    spec: '11.3',
    members: 'closed',
    extensions: true,
    fields: { arguments: own('string-map'), result: own('GetPromptResult', required) },
  },
  ElicitationDeclaration: {
    title: 'Elicitation Declaration Object',
    spec: '12.2',
    members: 'closed',
    extensions: true,
    fields: {
      name: own('string', required),
      mode: own('string', { ...required, values: { form: 'elicitation.form', url: 'elicitation.url' } }),
      message: own('string', required),
      when: own('string'),
      requestedSchema: own('json-schema', { ref: 'schemas' }),
      url: own('uri'),
      onDecline: own('string'),
      onCancel: own('string'),
      protocolVersions: own('revisions'),
    },
  },
  Tag: {
    title: 'Tag Object',
    spec: '13.1',
    members: 'closed',
    extensions: true,
    fields: { name: own('string', required), description: own('string') },
  },
  Components: {
    title: 'Components Object',
    spec: '17.1',
    members: 'closed',
    extensions: true,
    fields: {
      schemas: own('json-schema', { ...map, ref: 'schemas' }),
      toolExamples: own('ToolExample', { ...map, ref: 'toolExamples' }),
      resourceExamples: own('ResourceExample', { ...map, ref: 'resourceExamples' }),
      resourceTemplateExamples: own('ResourceTemplateExample', { ...map, ref: 'resourceTemplateExamples' }),
      promptExamples: own('PromptExample', { ...map, ref: 'promptExamples' }),
    },
  },
  ReferenceObject: {
    title: 'Reference Object',
    spec: '17.2',
    members: 'closed',
    extensions: false,
    fields: { $componentRef: own('string', required) },
  },

  // ---- MCP payloads carried by named examples (9.3, 10.4.4, 10.4.6, 11.3) ----
  ToolResult: {
    title: 'completed Tool Result',
    spec: '9.3',
    members: 'closed',
    extensions: false,
    payload: true,
    mcpType: 'CallToolResult',
    fields: {
      content: wire('ContentBlock', { ...list, ...required }),
      structuredContent: wire('any', { since: 'tool-result.structuredContent' }),
      isError: wire('boolean'),
      ...resultCommon,
    },
  },
  ReadResourceResult: {
    title: 'completed Resource Read Result',
    spec: '10.4.4',
    members: 'closed',
    extensions: false,
    payload: true,
    mcpType: 'ReadResourceResult',
    fields: {
      contents: wire('ResourceContents', { ...list, ...required }),
      ...resultCommon,
      ttlMs: wire('number', { since: 'result.cacheable' }),
      cacheScope: wire('string', { since: 'result.cacheable', choices: ['public', 'private'] }),
    },
  },
  GetPromptResult: {
    title: 'completed Prompt Result',
    spec: '11.3',
    members: 'closed',
    extensions: false,
    payload: true,
    mcpType: 'GetPromptResult',
    fields: {
      description: wire('string'),
      messages: wire('PromptMessage', { ...list, ...required }),
      ...resultCommon,
    },
  },
  CompleteResult: {
    title: 'completed Completion Result',
    spec: '10.4.6',
    members: 'closed',
    extensions: false,
    payload: true,
    mcpType: 'CompleteResult',
    fields: { completion: wire('object', required), ...resultCommon },
  },
  PromptMessage: {
    title: 'Prompt Message',
    spec: '11.3',
    members: 'closed',
    extensions: false,
    payload: true,
    mcpType: 'PromptMessage',
    fields: { role: wire('string', required), content: wire('ContentBlock', required) },
  },
  ContentBlock: {
    title: 'content block',
    spec: '9.3',
    members: 'closed',
    extensions: false,
    payload: true,
    mcpType: 'ContentBlock',
    variants: {
      discriminator: 'type',
      kinds: {
        text: 'TextContent',
        image: 'ImageContent',
        audio: 'AudioContent',
        resource: 'EmbeddedResource',
        resource_link: 'ResourceLink',
      },
    },
    fields: {
      type: wire('string', {
        ...required,
        values: {
          text: 'content.text',
          image: 'content.image',
          audio: 'content.audio',
          resource: 'content.resource',
          resource_link: 'content.resource_link',
        },
      }),
    },
  },
  TextContent: {
    title: 'text content block',
    spec: '9.3',
    members: 'closed',
    extensions: false,
    payload: true,
    mcpType: 'TextContent',
    fields: { type: wire('string', required), text: wire('string', required), ...contentCommon },
  },
  ImageContent: {
    title: 'image content block',
    spec: '9.3',
    members: 'closed',
    extensions: false,
    payload: true,
    mcpType: 'ImageContent',
    fields: {
      type: wire('string', required),
      data: wire('base64', required),
      mimeType: wire('string', required),
      ...contentCommon,
    },
  },
  AudioContent: {
    title: 'audio content block',
    spec: '9.3',
    members: 'closed',
    extensions: false,
    payload: true,
    mcpType: 'AudioContent',
    fields: {
      type: wire('string', required),
      data: wire('base64', required),
      mimeType: wire('string', required),
      ...contentCommon,
    },
  },
  EmbeddedResource: {
    title: 'resource content block',
    spec: '9.3',
    members: 'closed',
    extensions: false,
    payload: true,
    mcpType: 'EmbeddedResource',
    fields: { type: wire('string', required), resource: wire('ResourceContents', required), ...contentCommon },
  },
  ResourceLink: {
    title: 'resource_link content block',
    spec: '9.3',
    members: 'closed',
    extensions: false,
    payload: true,
    mcpType: 'ResourceLink',
    fields: {
      type: wire('string', required),
      uri: wire('uri', required),
      name: wire('string', required),
      title: wire('string', { since: 'primitive.title' }),
      description: wire('string'),
      mimeType: wire('string'),
      size: wire('integer'),
      icons: wire('Icon', { ...list, since: 'resource-link.icons' }),
      ...contentCommon,
    },
  },
  /** The content of a sampling message (9.4 interaction steps): its own union. */
  SamplingContentBlock: {
    title: 'sampling message content block',
    spec: '9.4',
    members: 'closed',
    extensions: false,
    payload: true,
    mcpType: 'SamplingContent',
    variants: {
      discriminator: 'type',
      kinds: {
        text: 'TextContent',
        image: 'ImageContent',
        audio: 'AudioContent',
        tool_use: 'ToolUseContent',
        tool_result: 'ToolResultContent',
      },
    },
    fields: {
      type: wire('string', {
        ...required,
        values: {
          text: 'content.text',
          image: 'content.image',
          audio: 'content.audio',
          tool_use: 'sampling.content-array',
          tool_result: 'sampling.content-array',
        },
      }),
    },
  },
  ToolUseContent: {
    title: 'tool_use content block',
    spec: '9.4',
    members: 'closed',
    extensions: false,
    payload: true,
    mcpType: 'ToolUseContent',
    fields: {
      type: wire('string', required),
      id: wire('string', required),
      name: wire('string', required),
      input: wire('object', required),
      _meta: wire('meta', { since: 'content._meta' }),
    },
  },
  ToolResultContent: {
    title: 'tool_result content block',
    spec: '9.4',
    members: 'closed',
    extensions: false,
    payload: true,
    mcpType: 'ToolResultContent',
    fields: {
      type: wire('string', required),
      toolUseId: wire('string', required),
      content: wire('ContentBlock', { ...list, ...required }),
      structuredContent: wire('object'),
      isError: wire('boolean'),
      _meta: wire('meta', { since: 'content._meta' }),
    },
  },
  ResourceContents: {
    title: 'Resource Contents',
    spec: '10.4.4',
    members: 'closed',
    extensions: false,
    payload: true,
    mcpType: 'ResourceContents',
    fields: {
      uri: wire('uri', required),
      mimeType: wire('string'),
      text: wire('string'),
      blob: wire('base64'),
      _meta: wire('meta', { since: 'resource-contents._meta' }),
    },
  },
} as const satisfies Record<string, NodeShape>;

/** The tree, by object kind. */
export const nodeTypes: Readonly<Record<NodeName, NodeShape>> = nodeTable;

/** Every object kind's name, in table order. */
export const nodeNames = Object.keys(nodeTable) as NodeName[];

/** The shape of an object kind. */
export function nodeShape(name: NodeName): NodeShape {
  return nodeTypes[name];
}

/** The plain value types, for the test that checks every field type names a kind or one of them. */
export const valueTypes: readonly ValueType[] = [
  'string',
  'base64',
  'uri',
  'number',
  'integer',
  'boolean',
  'object',
  'string-map',
  'any',
  'revisions',
  'security-requirements',
  'json-schema',
  'meta',
];

/** Whether a field type names an object kind of the tree. */
export function isNodeName(type: string): type is NodeName {
  return Object.prototype.hasOwnProperty.call(nodeTable, type);
}

/** The field of a kind, when the kind defines it (own properties only: `constructor` is no field). */
export function fieldOf(name: NodeName, field: string): FieldShape | undefined {
  const fields = nodeTypes[name].fields;
  return Object.prototype.hasOwnProperty.call(fields, field) ? fields[field] : undefined;
}

/** The revision feature that gates a field, when only some revisions define it. */
export function fieldGate(name: NodeName, field: string): RevisionFeature | undefined {
  return fieldOf(name, field)?.since;
}

/** A field that only some revisions define, with where it stands. */
export interface GatedField {
  node: NodeName;
  field: string;
  feature: RevisionFeature;
  /** Kept with a warning outside its revisions instead of refused. */
  legacy: boolean;
}

/**
 * What capture does with a member a server sends that the kind does not define natively (the
 * description-only fields included: on the wire they are no declaration): an open kind keeps it
 * (3.8), and so does a kind taking extensions for an `x-*` name (14.2: the document stays valid,
 * and no native form carries it); a closed kind leaves any other out, reported under the server's
 * name for it, since the document could not hold it and stay valid.
 */
export function unknownWireMember(name: NodeName, member: string): 'omit' | 'keep' {
  const shape = nodeTypes[name];
  if (shape.members === 'open' || (shape.extensions && member.startsWith('x-'))) return 'keep';
  return 'omit';
}

/** The gated fields by kind: built on first use, so that a tree extended before use is read whole. */
let gatedIndex: Map<NodeName, GatedField[]> | undefined;
function gatedIndexOf(): Map<NodeName, GatedField[]> {
  if (gatedIndex) return gatedIndex;
  gatedIndex = new Map();
  for (const node of Object.keys(nodeTypes) as NodeName[]) {
    const entries: GatedField[] = [];
    for (const [field, shape] of Object.entries(nodeTypes[node].fields))
      if (shape.since !== undefined) entries.push({ node, field, feature: shape.since, legacy: shape.legacy === true });
    if (entries.length > 0) gatedIndex.set(node, entries);
  }
  return gatedIndex;
}

/** Every gated field of the tree, in table order. */
export function allGatedFields(): readonly GatedField[] {
  return [...gatedIndexOf().values()].flat();
}

/** The gated fields of one kind, in field order. */
export function gatedFieldsOf(name: NodeName): readonly GatedField[] {
  return gatedIndexOf().get(name) ?? [];
}

/** The native fields of a kind (the MCP type's members), in table order. */
export function nativeFieldsOf(name: NodeName): readonly string[] {
  const fields: Readonly<Record<string, FieldShape>> = nodeTypes[name].fields;
  return Object.keys(fields).filter((field) => fields[field]!.origin === 'native');
}

/** The description-only fields of a kind (4.12: never on the wire), in table order. */
export function descriptionFieldsOf(name: NodeName): readonly string[] {
  const fields: Readonly<Record<string, FieldShape>> = nodeTypes[name].fields;
  return Object.keys(fields).filter((field) => fields[field]!.origin === 'description');
}

/**
 * Every value a string field of `name` may take, when the tree closes them: its `choices`, its
 * revision-gated `values`, or, for a discriminated kind's discriminator, the variants' names (a
 * variant's discriminator is its union's). Empty for an open field.
 */
export function valuesOf(name: NodeName, field: string): readonly string[] {
  const shape = fieldOf(name, field);
  if (!shape) return [];
  if (shape.choices) return shape.choices;
  const union = nodeNames.find((kind) => Object.values(nodeTypes[kind].variants?.kinds ?? {}).includes(name));
  const variants = (union ? nodeTypes[union] : nodeTypes[name]).variants;
  const named = new Set(Object.keys(shape.values ?? {}));
  if (variants?.discriminator === field) for (const value of Object.keys(variants.kinds)) named.add(value);
  return [...named];
}

/**
 * The kind of the value a field holds: for a discriminated kind, the variant named by the value's
 * discriminator (undefined when it names none).
 */
export function variantOf(name: NodeName, value: unknown): NodeName | undefined {
  const variants = nodeTypes[name].variants;
  if (!variants) return name;
  if (typeof value !== 'object' || value === null) return undefined;
  const key = (value as Record<string, unknown>)[variants.discriminator];
  if (typeof key !== 'string' || !Object.prototype.hasOwnProperty.call(variants.kinds, key)) return undefined;
  const kind = variants.kinds[key]!;
  return isNodeName(kind) ? kind : undefined;
}

/**
 * The gate of a field the tree gates. Asking for an ungated field is a programming error: the
 * caller means a field that only some revisions define, and the tree says otherwise.
 */
export function gateOf(name: NodeName, field: string): RevisionFeature {
  const feature = fieldGate(name, field);
  if (feature === undefined) throw new Error(`shape tree: ${name}.${field} is not gated by revision`);
  return feature;
}

/** Whether `revision` defines a field (an ungated field: every revision does). */
export function definesField(revision: Revision, name: NodeName, field: string): boolean {
  const feature = fieldGate(name, field);
  return feature === undefined || defines(revision, feature);
}

/** The revisions of `scope` that define a field. */
export function havingField(scope: readonly Revision[], name: NodeName, field: string): readonly Revision[] {
  const feature = fieldGate(name, field);
  return feature === undefined ? scope : having(scope, feature);
}

/** The revisions of `scope` that do not define a field (empty when all do). */
export function lackingField(scope: readonly Revision[], name: NodeName, field: string): readonly Revision[] {
  const feature = fieldGate(name, field);
  return feature === undefined ? [] : lacking(scope, feature);
}
