/**
 * TypeScript types of an MCP Description 0.8.0 document: one type per object the specification
 * defines, following the structural schema (`validate/structural-schema.ts`) member for member.
 * A test compares the two (test/model/description-types.test.ts): every schema property is a
 * member here and vice versa, required ones are non-optional, and `x-*` eligibility matches.
 *
 * These describe documents that passed validation. A 0.9.0-rc.3 document fits them too: its
 * schema differs only in closing Tool Annotations to their five members. Collections the specification calls
 * non-empty are typed as plain arrays and maps; names, URIs and revisions as plain strings (their
 * grammars are checked by the validator, not by the type system). They are type aliases, not
 * interfaces, so that a typed document is also a `Record<string, unknown>` for code that walks it.
 */

/** A decoded JSON object whose members this specification does not define (MCP payloads, capability markers). */
export type JsonObject = {
  [member: string]: unknown;
};

/** An embedded JSON Schema (9.2, 17.1): checked against its dialect by the validator, typed as an object here. */
export type JsonSchema = JsonObject;

/**
 * A carried MCP-native payload (example `result`, step `request`/`response`, `_meta`): its shape
 * depends on the protocol revision and is checked per revision by the validator (3.5).
 */
export type McpPayload = JsonObject;

/** `x-*` specification extensions (14.1) on an extension-eligible object (14.2); values are any JSON. */
export type SpecificationExtensions = {
  [extension: `x-${string}`]: unknown;
};

/** MCP protocol revisions a declaration applies to (4.9, 4.10); non-empty. */
export type ProtocolVersions = string[];

/** The root `protocolVersions`: the MCP revisions the document describes (4.9); non-empty. */
export type RootProtocolVersions = string[];

// ---------------------------------------------------------------------------------------------
// 3.2 Root

/** The MCP Description Object: the root of a document (3.2). */
export type McpDescription = SpecificationExtensions & {
  /** JSON Schema reference for editor validation. */
  $schema?: string;
  /** The specification version, e.g. `"0.8.0"` (4.1). */
  mcpdesc: string;
  info: Info;
  protocolVersions: RootProtocolVersions;
  /** Durable natural-language guidance for using the server. */
  instructions?: string;
  transports?: Transport[];
  securitySchemes?: SecuritySchemes;
  /** Default security requirements (7.5). */
  security?: SecurityRequirementArray;
  components?: Components;
  /** Protocol-scoped server capability declarations. */
  capabilities?: Capabilities[];
  tools?: Tool[];
  resources?: Resource[];
  resourceTemplates?: ResourceTemplate[];
  prompts?: Prompt[];
  /** The document-wide tag catalogue (13). */
  tags?: Tag[];
};

// ---------------------------------------------------------------------------------------------
// 5 Info

/** Server metadata (5.1). */
export type Info = SpecificationExtensions & {
  /** Programmatic server name; non-empty. */
  name: string;
  /** Server version; non-empty. */
  version: string;
  title?: string;
  description?: string;
  /** Unique server identifier (URI, DID, URN or registry name). */
  id?: string;
  icons?: Icon[];
  websiteUrl?: string;
  contact?: Contact;
  license?: License;
};

/** Contact Object (5.2). */
export type Contact = SpecificationExtensions & {
  name?: string;
  url?: string;
  email?: string;
};

/** License Object (5.3). */
export type License = SpecificationExtensions & {
  /** License name, e.g. `"MIT"`. */
  name: string;
  url?: string;
};

/** Icon Object (Appendix A). */
export type Icon = SpecificationExtensions & {
  /** HTTP(S) URL or `data:` URI of the icon. */
  src: string;
  mimeType?: string;
  /** e.g. `"48x48"`, `"any"`. */
  sizes?: string[];
  theme?: 'light' | 'dark';
};

// ---------------------------------------------------------------------------------------------
// 6 Transports

/** Members every Transport Object may carry (6.2). */
type TransportCommon = SpecificationExtensions & {
  protocolVersions?: ProtocolVersions;
  /** Transport-scoped security (6.4). */
  security?: SecurityRequirementArray;
};

/** Streamable HTTP transport (6.2.1). */
export type StreamableHttpTransport = TransportCommon & {
  type: 'streamable-http';
  /** MCP endpoint URL. */
  url: string;
};

/** stdio transport (6.2.2). */
export type StdioTransport = TransportCommon & {
  type: 'stdio';
  /** Command that launches the server. */
  command: string;
  args?: string[];
  /** Environment variables. */
  env?: Record<string, string>;
};

/** SSE transport, legacy (6.2.3). */
export type SseTransport = TransportCommon & {
  type: 'sse';
  /** SSE endpoint URL. */
  url: string;
};

/** A Transport Object (6.2), discriminated on `type`. */
export type Transport = StreamableHttpTransport | StdioTransport | SseTransport;

// ---------------------------------------------------------------------------------------------
// 7 Security

/** Named security schemes (7.1): local scheme name -> scheme; non-empty. */
export type SecuritySchemes = Record<string, SecurityScheme>;

/** Every member a Security Scheme Object may carry (7.2); which are required depends on `type`. */
type SecuritySchemeMembers = SpecificationExtensions & {
  type: 'http' | 'apiKey' | 'oauth2' | 'openIdConnect';
  /** HTTP authentication scheme (`http`). */
  scheme?: string;
  /** Bearer-token format hint. */
  bearerFormat?: string;
  /** API-key parameter name (`apiKey`). */
  name?: string;
  /** Where the API key goes (`apiKey`). */
  in?: 'header' | 'query' | 'cookie';
  flows?: OAuthFlows;
  /** OpenID Connect discovery URL (`openIdConnect`). */
  openIdConnectUrl?: string;
  description?: string;
};

export type HttpSecurityScheme = SecuritySchemeMembers & {
  type: 'http';
  scheme: string;
};

export type ApiKeySecurityScheme = SecuritySchemeMembers & {
  type: 'apiKey';
  name: string;
  in: 'header' | 'query' | 'cookie';
};

export type OAuth2SecurityScheme = SecuritySchemeMembers & {
  type: 'oauth2';
  flows: OAuthFlows;
};

export type OpenIdConnectSecurityScheme = SecuritySchemeMembers & {
  type: 'openIdConnect';
  openIdConnectUrl: string;
};

/** A Security Scheme Object (7.2), discriminated on `type`. */
export type SecurityScheme =
  HttpSecurityScheme | ApiKeySecurityScheme | OAuth2SecurityScheme | OpenIdConnectSecurityScheme;

/** OAuth Flows Object (7.2): at least one flow is present. */
export type OAuthFlows = SpecificationExtensions & {
  implicit?: ImplicitFlow;
  password?: PasswordFlow;
  clientCredentials?: ClientCredentialsFlow;
  authorizationCode?: AuthorizationCodeFlow;
};

/** Members of every OAuth Flow Object (7.2). */
type OAuthFlowMembers = SpecificationExtensions & {
  authorizationUrl?: string;
  tokenUrl?: string;
  refreshUrl?: string;
  /** Scope name -> description. */
  scopes: Record<string, string>;
};

export type ImplicitFlow = OAuthFlowMembers & {
  authorizationUrl: string;
};

export type PasswordFlow = OAuthFlowMembers & {
  tokenUrl: string;
};

export type ClientCredentialsFlow = OAuthFlowMembers & {
  tokenUrl: string;
};

export type AuthorizationCodeFlow = OAuthFlowMembers & {
  authorizationUrl: string;
  tokenUrl: string;
};

/** Alternatives (OR) of Security Requirement Objects (7.3). */
export type SecurityRequirementArray = SecurityRequirement[];

/** Scheme name -> required scopes, jointly required (AND) (7.3). Not extension-eligible. */
export type SecurityRequirement = Record<string, string[]>;

// ---------------------------------------------------------------------------------------------
// 8 Capabilities

/** Capabilities Object (8.2): the server capabilities for its protocol scope. */
export type Capabilities = SpecificationExtensions & {
  protocolVersions?: ProtocolVersions;
  tools?: ToolsCapability;
  resources?: ResourcesCapability;
  prompts?: PromptsCapability;
  completions?: NativeCapability;
  logging?: NativeCapability;
  tasks?: TasksCapability;
  /** Formal MCP extension capabilities (8.4). */
  extensions?: CapabilityExtensions;
  experimental?: ExperimentalCapabilities;
};

export type ToolsCapability = SpecificationExtensions & {
  listChanged?: boolean;
};

export type ResourcesCapability = SpecificationExtensions & {
  subscribe?: boolean;
  listChanged?: boolean;
};

export type PromptsCapability = SpecificationExtensions & {
  listChanged?: boolean;
};

/** An MCP-native capability marker or settings object (open, not extension-eligible). */
export type NativeCapability = JsonObject;

/** Tasks capability (8.3), MCP-native and open. */
export type TasksCapability = {
  list?: JsonObject;
  cancel?: JsonObject;
  requests?: TaskRequestsCapability;
  [member: string]: unknown;
};

/** `tasks.requests` (8.3): the requests that can be task-augmented, by kind of primitive. */
export type TaskRequestsCapability = {
  tools?: TaskToolRequestsCapability;
  [member: string]: unknown;
};

/** `tasks.requests.tools` (8.3): `call` present when tool calls can be task-augmented. */
export type TaskToolRequestsCapability = {
  call?: JsonObject;
  [member: string]: unknown;
};

/** MCP extension identifier (`prefix/name`) -> settings object (8.4); non-empty. */
export type CapabilityExtensions = Record<string, JsonObject>;

/** Experimental, non-standard capabilities: name -> object. */
export type ExperimentalCapabilities = Record<string, JsonObject>;

/**
 * Client Capability Requirements Object (8.5): the MCP `ClientCapabilities` a client needs to use
 * the primitive; non-empty, and never `protocolVersions`.
 */
export type ClientRequirements = {
  protocolVersions?: never;
  [capability: string]: unknown;
};

// ---------------------------------------------------------------------------------------------
// Members every primitive declaration shares (9.1, 10.1.1, 10.2.1, 11.1)

type PrimitiveCommon = SpecificationExtensions & {
  protocolVersions?: ProtocolVersions;
  /** Programmatic name (identifier). */
  name: string;
  title?: string;
  description?: string;
  icons?: Icon[];
  /** Tag names; declared in the root `tags` when it is present (13.3). */
  tags?: string[];
  elicitations?: ElicitationDeclaration[];
  deprecated?: boolean;
  /** Literal MCP metadata (3.5). */
  _meta?: McpPayload;
  /** Primitive security override (7.5). */
  security?: SecurityRequirementArray;
  clientRequirements?: ClientRequirements;
};

/** A value in place of which a Reference Object (17.2) may stand. */
export type OrReference<T> = ReferenceObject | T;

// ---------------------------------------------------------------------------------------------
// 9 Tools

/** Tool Object (9.1). */
export type Tool = PrimitiveCommon & {
  /** JSON Schema whose root describes the tool's input object (9.2). */
  inputSchema: OrReference<JsonSchema>;
  outputSchema?: OrReference<JsonSchema>;
  annotations?: ToolAnnotations;
  execution?: Execution;
  /** Named complete invocation/result pairs (9.3). */
  examples?: Record<string, OrReference<ToolExample>>;
  /** Named client-input scenarios of one invocation (9.4). */
  interactionExamples?: Record<string, ToolInteractionExample>;
};

/** Tool Annotations Object (9.6): advisory hints; open for forward compatibility, not extension-eligible. */
export type ToolAnnotations = {
  title?: string;
  /** Default false. */
  readOnlyHint?: boolean;
  /** Default true. */
  destructiveHint?: boolean;
  /** Default false. */
  idempotentHint?: boolean;
  /** Default true. */
  openWorldHint?: boolean;
  [member: string]: unknown;
};

/** Execution Object (9.7). */
export type Execution = {
  /** Default `"forbidden"`. */
  taskSupport?: 'forbidden' | 'optional' | 'required';
};

/** Tool Example Object (9.3). */
export type ToolExample = SpecificationExtensions & {
  /** The `tools/call` `params.arguments`. */
  input: JsonObject;
  /** The completed Tool Result. */
  result: McpPayload;
};

/** Tool Interaction Example Object (9.4). */
export type ToolInteractionExample = SpecificationExtensions & {
  input: JsonObject;
  steps: ToolInteractionStep[];
  /** The terminal completed Tool Result. */
  result: McpPayload;
};

type InteractionStepMembers = SpecificationExtensions & {
  type: 'elicitation' | 'sampling' | 'roots';
  request: McpPayload;
  response: McpPayload;
};

export type ElicitationStep = InteractionStepMembers & {
  type: 'elicitation';
  /** Name of an Elicitation Declaration on the same Tool. */
  declaration?: string;
};

export type SamplingStep = InteractionStepMembers & {
  type: 'sampling';
  declaration?: never;
};

export type RootsStep = InteractionStepMembers & {
  type: 'roots';
  declaration?: never;
};

/** Tool Interaction Step Object (9.4), discriminated on `type`. */
export type ToolInteractionStep = ElicitationStep | SamplingStep | RootsStep;

// ---------------------------------------------------------------------------------------------
// 10 Resources and Resource Templates

/** Resource Object (10.1.1). */
export type Resource = PrimitiveCommon & {
  uri: string;
  mimeType?: string;
  /** Size of the raw content in bytes. */
  size?: number;
  annotations?: ResourceAnnotations;
  examples?: Record<string, OrReference<ResourceExample>>;
};

/** Resource Template Object (10.2.1). */
export type ResourceTemplate = PrimitiveCommon & {
  /** RFC 6570 URI template. */
  uriTemplate: string;
  mimeType?: string;
  annotations?: ResourceAnnotations;
  examples?: Record<string, OrReference<ResourceTemplateExample>>;
  completionExamples?: Record<string, CompletionExample>;
};

/** Resource Annotations Object (10.3): hints; open for forward compatibility, not extension-eligible. */
export type ResourceAnnotations = {
  audience?: ('user' | 'assistant')[];
  /** From 0 (least) through 1 (most important). */
  priority?: number;
  /** ISO 8601 modification time. */
  lastModified?: string;
  [member: string]: unknown;
};

/** Static Resource Example Object (10.4.2). */
export type ResourceExample = SpecificationExtensions & {
  /** The completed `resources/read` result. */
  result: McpPayload;
};

/** Resource Template Example Object (10.4.3). */
export type ResourceTemplateExample = SpecificationExtensions & {
  /** The concrete URI read. */
  uri: string;
  result: McpPayload;
};

/** Completion Example Object (10.4.6, 11.4). */
export type CompletionExample = SpecificationExtensions & {
  argument: CompletionArgument;
  context?: CompletionContext;
  /** The completed `completion/complete` result. */
  result: McpPayload;
};

/** The argument (or template variable) being completed. */
export type CompletionArgument = {
  name: string;
  value: string;
};

/** Already-supplied argument values. */
export type CompletionContext = {
  /** Non-empty. */
  arguments: Record<string, string>;
};

// ---------------------------------------------------------------------------------------------
// 11 Prompts

/** Prompt Object (11.1). */
export type Prompt = PrimitiveCommon & {
  arguments?: PromptArgument[];
  examples?: Record<string, OrReference<PromptExample>>;
  completionExamples?: Record<string, CompletionExample>;
};

/** Prompt Argument Object (11.2). */
export type PromptArgument = SpecificationExtensions & {
  name: string;
  title?: string;
  description?: string;
  required?: boolean;
};

/** Prompt Example Object (11.3). */
export type PromptExample = SpecificationExtensions & {
  /** The `prompts/get` `params.arguments`. */
  arguments?: Record<string, string>;
  /** The completed `GetPromptResult`. */
  result: McpPayload;
};

// ---------------------------------------------------------------------------------------------
// 12 Elicitation

/** The members both modes share; `requestedSchema` and `url` are per mode (a union member must not be intersected twice). */
type ElicitationDeclarationMembers = SpecificationExtensions & {
  /** Local name, unique within the primitive. */
  name: string;
  mode: 'form' | 'url';
  /** Representative user-facing explanation; non-empty. */
  message: string;
  /** When the interaction may occur. */
  when?: string;
  onDecline?: string;
  onCancel?: string;
  protocolVersions?: ProtocolVersions;
};

/** Form-mode elicitation (12.3): a requested schema, no URL. */
export type FormElicitationDeclaration = ElicitationDeclarationMembers & {
  mode: 'form';
  requestedSchema: OrReference<JsonSchema>;
  url?: never;
};

/** URL-mode elicitation (12.4): no requested schema. */
export type UrlElicitationDeclaration = ElicitationDeclarationMembers & {
  mode: 'url';
  requestedSchema?: never;
  /** Static URL, when known when the description is written. */
  url?: string;
};

/** Elicitation Declaration Object (12.2), discriminated on `mode`. */
export type ElicitationDeclaration = FormElicitationDeclaration | UrlElicitationDeclaration;

// ---------------------------------------------------------------------------------------------
// 13 Tags, 17 Components

/** Tag Object (13.1). */
export type Tag = SpecificationExtensions & {
  name: string;
  description?: string;
};

/** Components Object (17.1): reusable values by namespace; each map non-empty. */
export type Components = SpecificationExtensions & {
  schemas?: Record<string, OrReference<JsonSchema>>;
  toolExamples?: Record<string, OrReference<ToolExample>>;
  resourceExamples?: Record<string, OrReference<ResourceExample>>;
  resourceTemplateExamples?: Record<string, OrReference<ResourceTemplateExample>>;
  promptExamples?: Record<string, OrReference<PromptExample>>;
};

/** Reference Object (17.2): exactly one member, no extensions. */
export type ReferenceObject = {
  /** Local JSON Pointer into a compatible `#/components` namespace, e.g. `#/components/schemas/Move`. */
  $componentRef: string;
};

/**
 * The type of each `$defs` entry of the structural schema, by definition name: what the
 * schema-conformance test walks (not part of the public API).
 */
export interface StructuralDefinitions {
  Root: McpDescription;
  Info: Info;
  Contact: Contact;
  License: License;
  Icon: Icon;
  ProtocolVersions: ProtocolVersions;
  RootProtocolVersions: RootProtocolVersions;
  Transport: Transport;
  StreamableHttpTransport: StreamableHttpTransport;
  StdioTransport: StdioTransport;
  SseTransport: SseTransport;
  SecuritySchemes: SecuritySchemes;
  SecurityScheme: SecurityScheme;
  OAuthFlows: OAuthFlows;
  ImplicitFlow: ImplicitFlow;
  PasswordFlow: PasswordFlow;
  ClientCredentialsFlow: ClientCredentialsFlow;
  AuthorizationCodeFlow: AuthorizationCodeFlow;
  SecurityRequirementArray: SecurityRequirementArray;
  SecurityRequirement: SecurityRequirement;
  Capabilities: Capabilities;
  ToolsCapability: ToolsCapability;
  ResourcesCapability: ResourcesCapability;
  PromptsCapability: PromptsCapability;
  NativeCapability: NativeCapability;
  TasksCapability: TasksCapability;
  TaskRequestsCapability: TaskRequestsCapability;
  TaskToolRequestsCapability: TaskToolRequestsCapability;
  CapabilityExtensions: CapabilityExtensions;
  ExperimentalCapabilities: ExperimentalCapabilities;
  ClientRequirements: ClientRequirements;
  Tool: Tool;
  ToolAnnotations: ToolAnnotations;
  Execution: Execution;
  ToolExample: ToolExample;
  ToolInteractionExample: ToolInteractionExample;
  ToolInteractionStep: ToolInteractionStep;
  Resource: Resource;
  ResourceTemplate: ResourceTemplate;
  ResourceAnnotations: ResourceAnnotations;
  ResourceExample: ResourceExample;
  ResourceTemplateExample: ResourceTemplateExample;
  CompletionExample: CompletionExample;
  CompletionArgument: CompletionArgument;
  CompletionContext: CompletionContext;
  Prompt: Prompt;
  PromptArgument: PromptArgument;
  PromptExample: PromptExample;
  ElicitationDeclaration: ElicitationDeclaration;
  Tag: Tag;
  Components: Components;
  ReferenceObject: ReferenceObject;
}
