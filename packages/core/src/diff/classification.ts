/**
 * The classification table of `mcpdesc diff`: one entry per change kind, with its default class
 * and the reason, from the point of view of a client (and the model behind it) written against the
 * OLD description. Schema change kinds exist once per direction (`diff.input.*`: what the client
 * sends; `diff.output.*`: what the client receives); the per-direction classes sit side by side.
 * Overridable per id by configuration (`{ "diff": { "rules": { "<id>": "<class>" } } }`).
 */

export type ChangeClass = 'breaking' | 'non-breaking' | 'informational';
export const changeClasses: readonly ChangeClass[] = ['breaking', 'non-breaking', 'informational'];

export interface ClassificationEntry {
  id: string;
  /** Default class. */
  class: ChangeClass;
  /** Why, in a few words (shown beside each change). */
  reason: string;
  /** What the change kind is (for `mcpdesc rules` and docs/diff.md). */
  summary: string;
}

interface SchemaKind {
  change: string;
  summary: string;
  /** Absent for kinds that cannot occur in that direction (every Tool has an inputSchema). */
  input?: [ChangeClass, string];
  output: [ChangeClass, string];
}

const cannot = 'cannot determine compatibility statically; review (treated as breaking)';

/** Schema change kinds, classified per direction (input: narrowing breaks; output: widening breaks). */
const schemaKinds: SchemaKind[] = [
  {
    change: 'schema.added',
    summary: 'an outputSchema was added where there was none',
    output: ['non-breaking', 'clients gain a declared structuredContent shape'],
  },
  {
    change: 'schema.removed',
    summary: 'the outputSchema was removed',
    output: ['breaking', 'clients that read structuredContent lose its declared shape'],
  },
  {
    change: 'property.added',
    summary: 'an optional property was added',
    input: ['non-breaking', 'an optional input does not affect existing calls'],
    output: ['non-breaking', 'clients ignore members they do not know'],
  },
  {
    change: 'property.removed',
    summary: 'a property was removed',
    input: ['breaking', 'clients that send it are rejected or silently ignored'],
    output: ['breaking', 'clients that read structuredContent no longer receive it'],
  },
  {
    change: 'property.required-added',
    summary: 'a property became required (or a new required property was added)',
    input: ['breaking', 'existing calls that omit it fail'],
    output: ['non-breaking', 'clients receive it in every result'],
  },
  {
    change: 'property.required-removed',
    summary: 'a property is no longer required',
    input: ['non-breaking', 'calls may omit it now'],
    output: ['breaking', 'clients that rely on it may not receive it'],
  },
  {
    change: 'type.narrowed',
    summary: 'the accepted types were narrowed',
    input: ['breaking', 'values of the removed types are rejected'],
    output: ['non-breaking', 'clients receive a subset of the old types'],
  },
  {
    change: 'type.widened',
    summary: 'the accepted types were widened',
    input: ['non-breaking', 'every old value is still accepted'],
    output: ['breaking', 'clients may receive values of types they do not handle'],
  },
  {
    change: 'type.changed',
    summary: 'the accepted types changed (neither narrower nor wider)',
    input: ['breaking', 'values of the removed types are rejected'],
    output: ['breaking', 'clients may receive values of types they do not handle'],
  },
  {
    change: 'enum.value-added',
    summary: 'an enum (or const) value was added',
    input: ['non-breaking', 'every old value is still accepted'],
    output: ['breaking', 'strict clients reject a value they do not know (strictOutputEnums)'],
  },
  {
    change: 'enum.value-removed',
    summary: 'an enum (or const) value was removed',
    input: ['breaking', 'calls with the removed value are rejected'],
    output: ['non-breaking', 'clients receive a subset of the old values'],
  },
  {
    change: 'enum.added',
    summary: 'an enum or const restriction was added',
    input: ['breaking', 'values outside the enumeration are rejected'],
    output: ['non-breaking', 'clients receive a subset of the old values'],
  },
  {
    change: 'enum.removed',
    summary: 'an enum or const restriction was removed',
    input: ['non-breaking', 'every old value is still accepted'],
    output: ['breaking', 'clients may receive values they do not know'],
  },
  {
    change: 'constraint.tightened',
    summary:
      'a constraint (minimum, maximum, minLength, maxLength, pattern, format, minItems, uniqueItems...) was added or tightened',
    input: ['breaking', 'values the old schema accepted are rejected'],
    output: ['non-breaking', 'clients receive a subset of the old values'],
  },
  {
    change: 'constraint.loosened',
    summary: 'a constraint was removed or loosened',
    input: ['non-breaking', 'every old value is still accepted'],
    output: ['breaking', 'clients may receive values the old schema excluded'],
  },
  {
    change: 'constraint.changed',
    summary: 'a constraint changed in a way that is neither tighter nor looser (pattern, format, multipleOf)',
    input: ['breaking', cannot],
    output: ['breaking', cannot],
  },
  {
    change: 'additional-properties.closed',
    summary: 'additionalProperties/unevaluatedProperties closed (false where it was open)',
    input: ['breaking', 'calls with undeclared members are rejected'],
    output: ['non-breaking', 'clients receive only declared members'],
  },
  {
    change: 'additional-properties.opened',
    summary: 'additionalProperties/unevaluatedProperties opened (no longer false)',
    input: ['non-breaking', 'every old value is still accepted'],
    output: ['non-breaking', 'clients ignore members they do not know'],
  },
  {
    change: 'composition.changed',
    summary: 'allOf/anyOf/oneOf/not/if-then-else changed in a way that cannot be compared structurally',
    input: ['breaking', cannot],
    output: ['breaking', cannot],
  },
  {
    change: 'keyword.changed',
    summary:
      'another validation keyword changed ($schema dialect, patternProperties, dependentRequired, contains, propertyNames, unresolvable $ref...)',
    input: ['breaking', cannot],
    output: ['breaking', cannot],
  },
  {
    change: 'schema.depth-limit',
    summary: 'the schemas nest deeper than the comparison bound (64 levels); the rest was not compared',
    input: ['breaking', 'cannot determine compatibility beyond the comparison bound (treated as breaking)'],
    output: ['breaking', 'cannot determine compatibility beyond the comparison bound (treated as breaking)'],
  },
  {
    change: 'default.changed',
    summary: 'a default value changed',
    input: ['informational', 'calls that omit the property may behave differently'],
    output: ['informational', 'documentation only for results'],
  },
  {
    change: 'documentation.changed',
    summary: 'title, description, examples, $comment, deprecated, readOnly or writeOnly changed',
    input: ['informational', 'documentation for the model and users; validation is unchanged'],
    output: ['informational', 'documentation for the model and users; validation is unchanged'],
  },
  {
    change: 'extension.changed',
    summary: 'a schema extension keyword (x-*) changed',
    input: ['informational', 'extension keywords do not change validation'],
    output: ['informational', 'extension keywords do not change validation'],
  },
];

const inputOnly: ClassificationEntry[] = [
  {
    id: 'diff.input.x-mcp-header.added',
    class: 'non-breaking',
    reason: 'clients mirror the input into the new HTTP header; existing calls stay valid',
    summary: 'an x-mcp-header mapping was added to an input property',
  },
  {
    id: 'diff.input.x-mcp-header.removed',
    class: 'breaking',
    reason: 'intermediaries and servers that route or authorize on the header no longer receive it',
    summary: 'an x-mcp-header mapping was removed from an input property',
  },
  {
    id: 'diff.input.x-mcp-header.changed',
    class: 'breaking',
    reason: 'intermediaries and servers that read the old header name no longer receive it',
    summary: 'the header name of an x-mcp-header mapping changed',
  },
];

const fixed: ClassificationEntry[] = [
  // Protocol coverage.
  {
    id: 'diff.protocol.revision-removed',
    class: 'breaking',
    reason: 'clients speaking this MCP revision lose the server',
    summary: 'a root protocol revision was removed',
  },
  {
    id: 'diff.protocol.revision-added',
    class: 'non-breaking',
    reason: 'clients of the new revision gain the server; others are unaffected',
    summary: 'a root protocol revision was added',
  },
  // Document-level metadata.
  {
    id: 'diff.info.changed',
    class: 'informational',
    reason: 'server metadata; no effect on calls',
    summary: 'an Info Object field changed (name, title, version, description, contact, license...)',
  },
  {
    id: 'diff.instructions.changed',
    class: 'informational',
    reason: 'guidance for the model; no effect on calls',
    summary: 'root instructions changed',
  },
  {
    id: 'diff.document.format-changed',
    class: 'informational',
    reason: 'the description format version or its schema reference; no effect on the server',
    summary: 'root mcpdesc or $schema changed',
  },
  {
    id: 'diff.tags.changed',
    class: 'informational',
    reason: 'categorization only',
    summary: 'the root tag catalogue changed',
  },
  {
    id: 'diff.extension.changed',
    class: 'informational',
    reason: 'specification extensions have no MCP semantics',
    summary: 'a specification extension (x-*) on the root, a transport or a primitive changed',
  },
  // Primitives.
  ...primitiveEntries('tool', 'Tool'),
  ...primitiveEntries('resource', 'Resource'),
  ...primitiveEntries('resource-template', 'Resource Template'),
  ...primitiveEntries('prompt', 'Prompt'),
  {
    id: 'diff.tool.renamed',
    class: 'breaking',
    reason: 'clients and models that call the old name fail (schemas and annotations are unchanged)',
    summary: 'a Tool was removed and one with equal schemas and annotations added (--detect-renames)',
  },
  {
    id: 'diff.primitive.deprecated',
    class: 'informational',
    reason: 'still available; clients should plan to migrate',
    summary: 'a primitive became deprecated',
  },
  {
    id: 'diff.primitive.undeprecated',
    class: 'informational',
    reason: 'no longer deprecated',
    summary: 'a primitive is no longer deprecated',
  },
  {
    id: 'diff.primitive.title-changed',
    class: 'informational',
    reason: 'display text only',
    summary: 'a primitive title changed',
  },
  {
    id: 'diff.primitive.description-changed',
    class: 'informational',
    reason: 'the model reads descriptions; calls are unaffected',
    summary: 'a primitive description changed',
  },
  {
    id: 'diff.primitive.metadata-changed',
    class: 'informational',
    reason: 'descriptive metadata; calls are unaffected',
    summary: 'icons, tags, _meta, examples, interactionExamples or completionExamples of a primitive changed',
  },
  {
    id: 'diff.resource.mime-type-changed',
    class: 'breaking',
    reason: 'clients that decode the content by its declared MIME type read it wrongly',
    summary: 'a Resource or Resource Template mimeType changed',
  },
  {
    id: 'diff.resource.name-changed',
    class: 'informational',
    reason: 'resources and templates are read by uri, not by name',
    summary: 'a Resource or Resource Template name changed',
  },
  {
    id: 'diff.resource.size-changed',
    class: 'informational',
    reason: 'a size hint',
    summary: 'a Resource size changed',
  },
  {
    id: 'diff.resource.annotations-changed',
    class: 'informational',
    reason: 'Resource Annotations are display and priority hints',
    summary: 'Resource Annotations (audience, priority, lastModified) changed',
  },
  // Prompt arguments.
  {
    id: 'diff.prompt.argument-added',
    class: 'non-breaking',
    reason: 'an optional argument does not affect existing requests',
    summary: 'an optional Prompt argument was added',
  },
  {
    id: 'diff.prompt.argument-required-added',
    class: 'breaking',
    reason: 'prompts/get requests that omit it fail',
    summary: 'a Prompt argument became required (or a new required argument was added)',
  },
  {
    id: 'diff.prompt.argument-required-removed',
    class: 'non-breaking',
    reason: 'requests may omit it now',
    summary: 'a Prompt argument is no longer required',
  },
  {
    id: 'diff.prompt.argument-removed',
    class: 'breaking',
    reason: 'requests that send it are rejected or silently ignored',
    summary: 'a Prompt argument was removed',
  },
  {
    id: 'diff.prompt.argument-documentation-changed',
    class: 'informational',
    reason: 'display text only',
    summary: 'a Prompt argument title or description changed',
  },
  // Tool execution.
  {
    id: 'diff.tool.task-support-required',
    class: 'breaking',
    reason: 'clients that do not augment calls with tasks can no longer call the tool',
    summary: 'execution.taskSupport became "required"',
  },
  {
    id: 'diff.tool.task-support-changed',
    class: 'non-breaking',
    reason: 'plain calls keep working',
    summary: 'execution.taskSupport changed to "optional" or "forbidden"',
  },
  // Tool annotations (effective values with the 9.6 defaults).
  {
    id: 'diff.annotation.read-only-removed',
    class: 'breaking',
    reason: 'clients start prompting before calls',
    summary: 'readOnlyHint is no longer true',
  },
  {
    id: 'diff.annotation.read-only-added',
    class: 'non-breaking',
    reason: 'the tool claims fewer effects',
    summary: 'readOnlyHint became true',
  },
  {
    id: 'diff.annotation.destructive-added',
    class: 'breaking',
    reason: 'clients start prompting before calls',
    summary: 'destructiveHint became true',
  },
  {
    id: 'diff.annotation.destructive-removed',
    class: 'non-breaking',
    reason: 'the tool claims fewer effects',
    summary: 'destructiveHint is no longer true',
  },
  {
    id: 'diff.annotation.idempotent-removed',
    class: 'breaking',
    reason: 'clients that retry calls may repeat effects',
    summary: 'idempotentHint is no longer true',
  },
  {
    id: 'diff.annotation.idempotent-added',
    class: 'non-breaking',
    reason: 'retries become safe',
    summary: 'idempotentHint became true',
  },
  {
    id: 'diff.annotation.open-world-added',
    class: 'breaking',
    reason: 'the tool may reach external entities; clients may start prompting',
    summary: 'openWorldHint became true',
  },
  {
    id: 'diff.annotation.open-world-removed',
    class: 'non-breaking',
    reason: 'the tool claims fewer effects',
    summary: 'openWorldHint is no longer true',
  },
  {
    id: 'diff.annotation.changed',
    class: 'informational',
    reason: 'no effective hint changed (title, unknown members, or a default made explicit)',
    summary: 'another Tool Annotations member changed',
  },
  // Security.
  {
    id: 'diff.security.tightened',
    class: 'breaking',
    reason: 'clients that met an old alternative may no longer be authorized',
    summary: 'the effective security requirement of a primitive or transport no longer accepts an old alternative',
  },
  {
    id: 'diff.security.relaxed',
    class: 'non-breaking',
    reason: 'every old alternative is still accepted',
    summary: 'the effective security requirement accepts more (old alternatives kept)',
  },
  {
    id: 'diff.security.restated',
    class: 'informational',
    reason: 'the same alternatives are accepted',
    summary: 'the effective security requirement was written differently or comes from another place',
  },
  {
    id: 'diff.security.scheme-added',
    class: 'non-breaking',
    reason: 'a new scheme is only used where a requirement names it',
    summary: 'a security scheme was added',
  },
  {
    id: 'diff.security.scheme-removed',
    class: 'informational',
    reason: 'requirements that used it are reported on their own',
    summary: 'a security scheme was removed',
  },
  {
    id: 'diff.security.scheme-changed',
    class: 'breaking',
    reason: 'clients configured for the old scheme (flows, URLs, header names) must reconfigure',
    summary: 'a security scheme definition changed (other than its description)',
  },
  {
    id: 'diff.security.scheme-description-changed',
    class: 'informational',
    reason: 'documentation only',
    summary: 'a security scheme description changed',
  },
  // Client requirements.
  {
    id: 'diff.client-requirements.added',
    class: 'breaking',
    reason: 'clients without the capability can no longer use the primitive',
    summary: 'a required client capability (or nested member) was added',
  },
  {
    id: 'diff.client-requirements.removed',
    class: 'non-breaking',
    reason: 'fewer clients are excluded',
    summary: 'a required client capability (or nested member) was removed',
  },
  {
    id: 'diff.client-requirements.changed',
    class: 'breaking',
    reason: 'clients that met the old setting may not meet the new one',
    summary: 'a required client capability setting changed',
  },
  // Elicitation declarations.
  {
    id: 'diff.elicitation.added',
    class: 'non-breaking',
    reason: 'an elicitation is conditional; hard client requirements are in clientRequirements',
    summary: 'an Elicitation Declaration was added',
  },
  {
    id: 'diff.elicitation.removed',
    class: 'informational',
    reason: 'the interaction is no longer declared',
    summary: 'an Elicitation Declaration was removed',
  },
  {
    id: 'diff.elicitation.changed',
    class: 'informational',
    reason: 'the user-facing interaction changed; calls are unaffected',
    summary: 'an Elicitation Declaration changed (mode, message, requestedSchema, url...)',
  },
  // Transports.
  {
    id: 'diff.transport.removed',
    class: 'breaking',
    reason: 'clients configured for it can no longer connect',
    summary: 'a transport (type and url or command) was removed',
  },
  {
    id: 'diff.transport.added',
    class: 'non-breaking',
    reason: 'an additional way to connect',
    summary: 'a transport was added',
  },
  {
    id: 'diff.transport.changed',
    class: 'breaking',
    reason: 'clients configured with the old invocation (args, env) launch the server differently',
    summary: 'the args or env of a transport changed',
  },
  // Capabilities.
  {
    id: 'diff.capability.removed',
    class: 'breaking',
    reason: 'clients that rely on the server capability lose it',
    summary: 'a server capability (or nested member, or a true flag) was removed',
  },
  {
    id: 'diff.capability.added',
    class: 'non-breaking',
    reason: 'clients may use the new capability',
    summary: 'a server capability (or nested member, or a true flag) was added',
  },
  { id: 'diff.capability.changed', class: 'breaking', reason: cannot, summary: 'a server capability setting changed' },
  {
    id: 'diff.capability.restated',
    class: 'informational',
    reason: 'an absent flag and a false flag both declare no support',
    summary: 'a false capability flag was added or removed',
  },
];

function primitiveEntries(area: string, label: string): ClassificationEntry[] {
  return [
    {
      id: `diff.${area}.removed`,
      class: 'breaking',
      reason: `clients and models that use the ${label} fail`,
      summary: `a ${label} was removed`,
    },
    {
      id: `diff.${area}.added`,
      class: 'non-breaking',
      reason: `a new ${label} does not affect existing clients`,
      summary: `a ${label} was added`,
    },
  ];
}

function schemaEntries(): ClassificationEntry[] {
  const out: ClassificationEntry[] = [];
  for (const direction of ['input', 'output'] as const) {
    for (const kind of schemaKinds) {
      const entry = kind[direction];
      if (!entry) continue;
      const [cls, reason] = entry;
      out.push({
        id: `diff.${direction}.${kind.change}`,
        class: cls,
        reason,
        summary: `${direction === 'input' ? 'inputSchema' : 'outputSchema'}: ${kind.summary}`,
      });
    }
    if (direction === 'input') for (const item of inputOnly) out.push(item);
  }
  return out;
}

/** The classification table: every change kind `mcpdesc diff` reports, with its default class. */
export const classificationTable: readonly ClassificationEntry[] = [...fixed, ...schemaEntries()];

const byId = new Map(classificationTable.map((e) => [e.id, e]));

export function classificationEntry(id: string): ClassificationEntry | undefined {
  return byId.get(id);
}

/** `{ "diff": { "rules": {...}, "strictOutputEnums": true } }` */
export interface DiffConfig {
  /** Class overrides by change id. */
  rules?: Record<string, ChangeClass>;
  /** Output enum values added are breaking (true, default) or non-breaking (false). */
  strictOutputEnums?: boolean;
}

/** Problems in a configuration (unknown ids, unknown classes, wrong types); empty when fine. */
export function checkDiffConfig(config: unknown): string[] {
  const problems: string[] = [];
  if (config === undefined) return problems;
  if (typeof config !== 'object' || config === null || Array.isArray(config)) return ['"diff" must be an object'];
  const c = config as Record<string, unknown>;
  for (const key of Object.keys(c)) {
    if (key !== 'rules' && key !== 'strictOutputEnums')
      problems.push(`unknown diff setting "${key}" (expected "rules" or "strictOutputEnums")`);
  }
  if (c.strictOutputEnums !== undefined && typeof c.strictOutputEnums !== 'boolean')
    problems.push('"strictOutputEnums" must be true or false');
  if (c.rules !== undefined) {
    if (typeof c.rules !== 'object' || c.rules === null || Array.isArray(c.rules)) {
      problems.push('"rules" must be an object mapping change ids to breaking, non-breaking or informational');
    } else {
      for (const [id, value] of Object.entries(c.rules as Record<string, unknown>)) {
        if (!byId.has(id)) problems.push(`unknown change id "${id}" (see \`mcpdesc rules\`, ids diff.*)`);
        if (!(changeClasses as readonly unknown[]).includes(value))
          problems.push(
            `"${id}": expected "breaking", "non-breaking" or "informational", got ${JSON.stringify(value)}`,
          );
      }
    }
  }
  return problems;
}

/** The class and reason of a change id under a configuration. */
export function classify(id: string, config: DiffConfig = {}): { class: ChangeClass; reason: string } {
  const entry = byId.get(id);
  if (!entry) throw new Error(`no classification entry for ${id}`);
  const override = config.rules?.[id];
  if (override) return { class: override, reason: `${entry.reason} (class set by configuration)` };
  if (id === 'diff.output.enum.value-added' && config.strictOutputEnums === false) {
    return { class: 'non-breaking', reason: 'clients accept unknown values (strictOutputEnums: false)' };
  }
  return { class: entry.class, reason: entry.reason };
}
