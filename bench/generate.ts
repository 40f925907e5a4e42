/**
 * Generates a valid MCP Description 0.8.0 document with `toolCount` tools. Every tool's
 * schemas and examples differ from every other tool's (property names, types, bounds and
 * values all depend on the tool index), so caches keyed on schema identity cannot help.
 */

const propertyKinds = ['string', 'integer', 'number', 'boolean', 'enum'] as const;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function propertySchema(kind: (typeof propertyKinds)[number], tool: number, slot: number, clean: boolean): Json {
  const schema = kindSchema(kind, tool, slot);
  if (clean && typeof schema === 'object' && schema !== null && !Array.isArray(schema) && !('description' in schema))
    schema.description = `Field ${slot} of tool ${tool}`;
  return schema;
}

function kindSchema(kind: (typeof propertyKinds)[number], tool: number, slot: number): Json {
  switch (kind) {
    case 'string':
      return {
        type: 'string',
        minLength: 1,
        maxLength: 64 + ((tool + slot) % 200),
        description: `Text field ${slot} of tool ${tool}`,
      };
    case 'integer':
      return { type: 'integer', minimum: -tool, maximum: tool * 10 + slot + 1 };
    case 'number':
      return { type: 'number', minimum: 0, exclusiveMaximum: tool + slot + 0.5 };
    case 'boolean':
      return { type: 'boolean', description: `Flag ${slot} for tool ${tool}` };
    case 'enum':
      return { type: 'string', enum: [`mode-${tool}-a`, `mode-${tool}-b`, `mode-${tool}-${slot}`] };
  }
}

function sampleValue(kind: (typeof propertyKinds)[number], tool: number, slot: number): Json {
  switch (kind) {
    case 'string':
      return `value ${tool}.${slot}`;
    case 'integer':
      return (tool * 7 + slot) % (tool * 10 + slot + 1);
    case 'number':
      return (Math.round(((tool % 97) + slot * 0.25) * 100) / 100) % (tool + slot + 0.5);
    case 'boolean':
      return (tool + slot) % 2 === 0;
    case 'enum':
      return `mode-${tool}-${slot}`;
  }
}

function tool(index: number, clean: boolean): Json {
  const properties: Record<string, Json> = {};
  const input: Record<string, Json> = {};
  const required: string[] = [];
  for (let slot = 0; slot < 5; slot++) {
    const kind = propertyKinds[(index + slot) % propertyKinds.length]!;
    const name = `${kind}Field${index}x${slot}`;
    properties[name] = propertySchema(kind, index, slot, clean);
    input[name] = sampleValue(kind, index, slot);
    if (slot < 2) required.push(name);
  }
  const resultKey = `total${index}`;
  const structured = { [resultKey]: index * 3, status: `ok-${index}` };
  return {
    name: `tool_${index}`,
    title: `Tool number ${index}`,
    description: `Performs operation ${index} on five typed inputs and reports a total.`,
    inputSchema: { type: 'object', properties, required, additionalProperties: false },
    outputSchema: {
      type: 'object',
      properties: {
        [resultKey]: { type: 'integer', minimum: 0 },
        status: { type: 'string', pattern: `^ok-${index}$` },
      },
      required: [resultKey, 'status'],
      additionalProperties: false,
    },
    annotations: {
      title: clean ? `Tool number ${index}` : `Operation ${index}`,
      readOnlyHint: index % 2 === 0,
      destructiveHint: clean ? index % 2 !== 0 && index % 3 === 0 : index % 3 === 0,
      idempotentHint: index % 5 === 0,
      openWorldHint: index % 7 === 0,
    },
    examples: {
      [`example-${index}`]: {
        input,
        result: {
          content: [{ type: 'text', text: JSON.stringify(structured) }],
          structuredContent: structured,
        },
      },
    },
  };
}

/**
 * A description with `toolCount` distinct tools (see the module comment). `lintClean` gives every
 * property a description, annotation titles equal to the tool titles, no read-only destructive
 * tool and a server title: a document the recommended lint rules find (almost) nothing in.
 */
export function generateDescription(toolCount: number, options: { lintClean?: boolean } = {}): Json {
  const clean = options.lintClean === true;
  const tools: Json[] = [];
  for (let i = 0; i < toolCount; i++) tools.push(tool(i, clean));
  return {
    $schema: 'https://mcpdesc.org/schema/mcp-description/0.8.0.json',
    mcpdesc: '0.8.0',
    info: {
      ...(clean ? { title: `Bench server (${toolCount} tools)` } : {}),
      name: `bench-server-${toolCount}`,
      version: '1.0.0',
      description: `Benchmark server with ${toolCount} tools`,
    },
    protocolVersions: ['2025-11-25'],
    transports: [{ type: 'stdio', command: 'bench-server' }],
    tools,
  };
}
