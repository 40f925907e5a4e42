/**
 * The one table of what each MCP protocol revision defines. Every revision-applicability rule
 * reads it; no rule compares revision strings itself.
 */

export const revisions = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'] as const;
export type Revision = (typeof revisions)[number];

export function isRevision(value: unknown): value is Revision {
  return typeof value === 'string' && (revisions as readonly string[]).includes(value);
}

/** Revisions in chronological order from `first` on (inclusive). */
function since(first: Revision): Revision[] {
  return revisions.slice(revisions.indexOf(first));
}
/** Revisions before `first` (exclusive). */
function before(first: Revision): Revision[] {
  return revisions.slice(0, revisions.indexOf(first));
}
function only(...list: Revision[]): Revision[] {
  return list;
}

/**
 * Feature -> the revisions that define it. Keys name an MCP object field, transport,
 * capability, content form or behaviour; the spec section that states the fact is beside it.
 */
export const revisionFeatures = {
  // Revisions with the legacy incomplete-validation treatment (3.5, 12.5, 16.2).
  'legacy-validation': before('2025-06-18'),

  // Lifecycle (MCP basic lifecycle): how a client learns the server's revision and capabilities.
  /** The `initialize` handshake and sessions. */
  'lifecycle.initialize': before('2026-07-28'),
  /** The stateless core: `server/discover`, per-request identity in `_meta`, no session. */
  'lifecycle.stateless': only('2026-07-28'),

  // Transports (6.2).
  'transport.stdio': since('2024-11-05'),
  'transport.streamable-http': since('2025-03-26'),
  /** SSE is the remote transport of 2024-11-05; later revisions keep it only as legacy (warning). */
  'transport.sse.standard': only('2024-11-05'),

  // Primitive declaration fields (9.1, 10.1.1, 10.2.1, 11.1, 11.2).
  'primitive.title': since('2025-06-18'),
  'primitive.icons': since('2025-11-25'),
  'primitive._meta': since('2025-06-18'),
  'tool.outputSchema': since('2025-06-18'),
  'tool.annotations': since('2025-03-26'),
  'tool.execution': only('2025-11-25'),
  'prompt-argument.title': since('2025-06-18'),
  'resource-annotations.lastModified': since('2025-06-18'),

  // Tool schemas (9.2).
  /** Tool schemas are JSON Schema under a dialect, 2020-12 by default. */
  'tool-schema.dialect': since('2025-11-25'),
  /** The `$schema` property on Tool schemas: "Earlier revisions do not define that property". */
  'tool-schema.$schema': since('2025-11-25'),
  'tool-schema.x-mcp-header': only('2026-07-28'),
  /** outputSchema may have any root (before: object root required). */
  'tool-schema.output-any-root': only('2026-07-28'),

  // Results and content (9.3, 10.4.4, 11.3, 10.4.6).
  'result.resultType': only('2026-07-28'),
  'result.cacheable': only('2026-07-28'),
  'result._meta': since('2025-06-18'),
  'tool-result.structuredContent': since('2025-06-18'),
  'content.text': since('2024-11-05'),
  'content.image': since('2024-11-05'),
  'content.resource': since('2024-11-05'),
  'content.audio': since('2025-03-26'),
  'content.resource_link': since('2025-06-18'),
  'content._meta': since('2025-06-18'),
  'resource-contents._meta': since('2025-06-18'),
  'meta.serverInfo': only('2026-07-28'),

  // Completion (10.4.6, 11.4).
  /**
   * Argument completion as MCP Description models it: the spec dates argument autocompletion
   * from 2025-03-26 (8.2 `completions`), and the official corpus treats a 2024-11-05 completion
   * example as unsupported, although the 2024-11-05 wire schema already had completion/complete.
   */
  completion: since('2025-03-26'),
  'completion.context': since('2025-06-18'),

  // Server capabilities (8.2-8.4).
  'capability.completions': since('2025-03-26'),
  'capability.tasks': only('2025-11-25'),
  'capability.extensions': only('2026-07-28'),
  'capability.logging.deprecated': only('2026-07-28'),

  // Elicitation (12.3-12.5).
  'elicitation.form': since('2025-06-18'),
  'elicitation.url': since('2025-11-25'),
  /** Defaults for all primitive types, titled enums, multi-select enums. */
  'elicitation.rich-form': since('2025-11-25'),

  // Sampling (9.4).
  'sampling.tools': since('2025-11-25'),

  // MCP `_meta` keys (3.5): the key grammar and MCP-reserved prefixes start with 2025-06-18.
  /** 2025-06-18 reserves prefixes with `modelcontextprotocol` or `mcp` in any label but the last. */
  'meta.reserved-prefix.any-label': only('2025-06-18'),
  /** From 2025-11-25 a prefix is reserved when its second label is `modelcontextprotocol` or `mcp`. */
  'meta.reserved-prefix.second-label': since('2025-11-25'),
  /** `progressToken`: request `_meta` only. */
  'meta.progressToken': since('2024-11-05'),
  /** `io.modelcontextprotocol/related-task`: task-related messages only. */
  'meta.related-task': only('2025-11-25'),
  /** `io.modelcontextprotocol/clientInfo`, `clientCapabilities`, `logLevel`: request `_meta` only (stateless core). */
  'meta.request-identity': only('2026-07-28'),

  // Sampling message content (9.4).
  /** `tool_use` / `tool_result` blocks and arrays of blocks in sampling messages and results. */
  'sampling.content-array': since('2025-11-25'),
  /** `_meta` on a Root (roots/list result entries, roots interaction steps). */
  'root._meta': since('2025-06-18'),
  /** Resource-link blocks are Resource values: `icons` with the Resource `icons` field. */
  'resource-link.icons': since('2025-11-25'),

  // Native MCP Tool type restrictions on Tool schemas (0.9.0-rc.3 9.2).
  /** The MCP `Tool` type requires `"type": "object"` at the inputSchema root (0.9.0-rc.3 9.2). */
  'tool-schema.native.input-object-type': since('2024-11-05'),
  /** The MCP `Tool` type requires `"type": "object"` at the outputSchema root (0.9.0-rc.3 9.2). */
  'tool-schema.native.output-object-type': before('2026-07-28'),
  /** The MCP `Tool` type requires an object as every top-level `properties` value (0.9.0-rc.3 9.2). */
  'tool-schema.native.object-properties': before('2026-07-28'),
  /**
   * 0.8.0 9.2: the "earlier views" of a Tool schema, checked by the revision's MCP schema rules
   * (its Tool type) rather than by the JSON Schema 2020-12 vocabulary alone.
   */
  'tool-schema.mcp-schema-rules': before('2026-07-28'),

  // Client capability requirements (8.5).
  /** The client `roots` capability MUST be empty (deprecated, no `listChanged`). */
  'client-capability.roots.empty': only('2026-07-28'),

  // JSON-RPC (MCP basic protocol).
  /** JSON-RPC batches: added by 2025-03-26 (implementations MUST support receiving them), removed by 2025-06-18. */
  'jsonrpc.batch': only('2025-03-26'),

  // Errors (MCP resources): the JSON-RPC error of a resources/read for a resource that does not exist.
  /** Resource not found is -32002; from 2026-07-28 it is Invalid Params (-32602). */
  'error.resource-not-found-32002': before('2026-07-28'),
} satisfies Record<string, Revision[]>;

export type RevisionFeature = keyof typeof revisionFeatures;

export function defines(revision: Revision, feature: RevisionFeature): boolean {
  return (revisionFeatures[feature] as Revision[]).includes(revision);
}

/** The revisions of `scope` that do not define `feature` (empty when all do). */
export function lacking(scope: readonly Revision[], feature: RevisionFeature): readonly Revision[] {
  return selected(scope, feature, false);
}

/** The revisions of `scope` that define `feature`. */
export function having(scope: readonly Revision[], feature: RevisionFeature): readonly Revision[] {
  return selected(scope, feature, true);
}

const noRevisions: readonly Revision[] = Object.freeze([]);

/**
 * The revisions of `scope` that define `feature` (`defining`) or do not. Rules ask this for every
 * declaration, and the answer is almost always all of the scope or none of it: then no array is
 * made (the result is read-only, so handing out `scope` itself is safe).
 */
function selected(scope: readonly Revision[], feature: RevisionFeature, defining: boolean): readonly Revision[] {
  const definers = revisionFeatures[feature] as readonly Revision[];
  let kept = 0;
  for (let i = 0; i < scope.length; i++) if (definers.includes(scope[i]!) === defining) kept++;
  if (kept === scope.length) return scope;
  if (kept === 0) return noRevisions;
  const out: Revision[] = [];
  for (let i = 0; i < scope.length; i++) if (definers.includes(scope[i]!) === defining) out.push(scope[i]!);
  return out;
}

/** Chronological order of a set of revisions. */
export function sortRevisions(list: Iterable<Revision>): Revision[] {
  const set = new Set(list);
  return revisions.filter((r) => set.has(r));
}

/** "2025-06-18 and 2025-11-25" style list for messages. */
export function formatRevisions(list: readonly Revision[]): string {
  const sorted = sortRevisions(list);
  if (sorted.length <= 1) return sorted.join('');
  return sorted.slice(0, -1).join(', ') + ' and ' + sorted[sorted.length - 1];
}

/**
 * Core client capability shape per revision (8.5). `members` lists recognised nested members
 * (dot paths); `open` members accept anything below them (experimental, extensions).
 */
export interface ClientCapabilityShape {
  /** Top-level capabilities the revision defines. */
  capabilities: readonly string[];
  /** Recognised nested members by capability, as dot paths below it. `*` = any members. */
  members: Readonly<Record<string, readonly string[] | '*'>>;
  /** Members deprecated in this revision (dot paths from the capability name). */
  deprecated: readonly string[];
}

export const clientCapabilityShapes: Record<Revision, ClientCapabilityShape> = {
  '2024-11-05': {
    capabilities: ['roots', 'sampling', 'experimental'],
    members: { roots: ['listChanged'], sampling: [], experimental: '*' },
    deprecated: [],
  },
  '2025-03-26': {
    capabilities: ['roots', 'sampling', 'experimental'],
    members: { roots: ['listChanged'], sampling: [], experimental: '*' },
    deprecated: [],
  },
  '2025-06-18': {
    capabilities: ['roots', 'sampling', 'elicitation', 'experimental'],
    members: { roots: ['listChanged'], sampling: [], elicitation: [], experimental: '*' },
    deprecated: [],
  },
  '2025-11-25': {
    capabilities: ['roots', 'sampling', 'elicitation', 'tasks', 'experimental'],
    members: {
      roots: ['listChanged'],
      sampling: ['context', 'tools'],
      elicitation: ['form', 'url'],
      tasks: [
        'list',
        'cancel',
        'requests',
        'requests.sampling',
        'requests.sampling.createMessage',
        'requests.elicitation',
        'requests.elicitation.create',
      ],
      experimental: '*',
    },
    deprecated: [],
  },
  '2026-07-28': {
    capabilities: ['roots', 'sampling', 'elicitation', 'extensions', 'experimental'],
    members: {
      roots: [],
      sampling: ['context', 'tools'],
      elicitation: ['form', 'url'],
      extensions: '*',
      experimental: '*',
    },
    deprecated: ['roots', 'sampling.context', 'sampling.tools'],
  },
};

/** Client capability members whose value is a boolean setting rather than an object (8.5), as dot paths from the capability. */
export const clientCapabilityBooleanMembers: readonly string[] = ['roots.listChanged'];
