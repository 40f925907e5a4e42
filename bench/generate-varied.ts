/**
 * A second generator, shaped unlike `generate.ts` and closer to what real servers publish
 * (issue 37 item 5): a seeded mix of property kinds per tool (formats, nested objects, arrays
 * of objects, nullable `anyOf`, `oneOf` variants, local `$defs` with `$ref`, defaults, long
 * descriptions, large enums), output schemas on some tools only, exactly one example per tool,
 * and resources, templates and prompts beside the tools. Deterministic for a given size and seed.
 */

/** JSON built here is plain data; its exact shape is the point of each maker, so it is not typed further. */
type Json = unknown;
type JsonObject = Record<string, unknown>;

/** mulberry32: a small seeded generator, so every run builds the same document. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const words = [
  'repository',
  'issue',
  'branch',
  'query',
  'channel',
  'message',
  'file',
  'path',
  'user',
  'label',
  'page',
  'cursor',
  'limit',
  'owner',
  'state',
  'sort',
  'since',
  'filter',
  'region',
  'account',
];

interface Property {
  schema: JsonObject;
  sample: Json;
}

type Maker = (random: () => number, tool: number, slot: number) => Property;

const sentence = (random: () => number, count: number): string => {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(words[Math.floor(random() * words.length)]!);
  return `The ${out.join(' ')} to use; see the service's documentation for accepted values.`;
};

const makers: Maker[] = [
  (random, tool, slot) => ({
    schema: { type: 'string', description: sentence(random, 6), minLength: 1 },
    sample: `text-${tool}-${slot}`,
  }),
  (random) => ({
    schema: { type: 'string', format: 'uri', description: sentence(random, 4) },
    sample: 'https://example.com/resource',
  }),
  (random) => ({
    schema: { type: 'string', format: 'date-time', description: sentence(random, 3) },
    sample: '2025-06-18T12:00:00Z',
  }),
  (random, tool) => ({
    schema: { type: 'integer', minimum: 1, maximum: 100, default: 30, description: sentence(random, 3) },
    sample: (tool % 100) + 1,
  }),
  (random, tool, slot) => {
    const values = Array.from({ length: 12 }, (_, i) => `${words[(tool + i) % words.length]}-${slot}-${i}`);
    return { schema: { type: 'string', enum: values, description: sentence(random, 2) }, sample: values[tool % 12]! };
  },
  (random) => ({
    schema: { anyOf: [{ type: 'string', description: sentence(random, 3) }, { type: 'null' }] },
    sample: null,
  }),
  (random, tool) => ({
    schema: {
      type: 'array',
      description: sentence(random, 4),
      items: {
        type: 'object',
        properties: {
          name: { type: 'string', description: 'Name of the entry' },
          value: { type: 'number' },
          tags: { type: 'array', items: { type: 'string' }, maxItems: 10 },
        },
        required: ['name'],
        additionalProperties: false,
      },
      maxItems: 50,
    },
    sample: [
      { name: `entry-${tool}`, value: tool / 4, tags: ['a', 'b'] },
      { name: 'second', value: 1 },
    ],
  }),
  (random, tool) => ({
    schema: {
      type: 'object',
      description: sentence(random, 5),
      properties: {
        owner: { type: 'string', pattern: '^[a-z0-9-]+$' },
        repo: { type: 'string', pattern: '^[A-Za-z0-9_.-]+$' },
        options: {
          type: 'object',
          properties: { recursive: { type: 'boolean' }, depth: { type: 'integer', minimum: 0 } },
          additionalProperties: false,
        },
      },
      required: ['owner', 'repo'],
    },
    sample: { owner: `owner-${tool}`, repo: 'project.js', options: { recursive: true, depth: 2 } },
  }),
  (random, tool) => ({
    schema: {
      oneOf: [
        {
          type: 'object',
          properties: { id: { type: 'integer' } },
          required: ['id'],
          additionalProperties: false,
        },
        {
          type: 'object',
          properties: { slug: { type: 'string', minLength: 3 } },
          required: ['slug'],
          additionalProperties: false,
        },
      ],
      description: sentence(random, 3),
    },
    sample: tool % 2 === 0 ? { id: tool } : { slug: `slug-${tool}` },
  }),
  (random, tool) => ({
    schema: { $ref: '#/$defs/Pagination', description: sentence(random, 2) },
    sample: { page: (tool % 9) + 1, perPage: 25 },
  }),
];

const pagination: JsonObject = {
  type: 'object',
  properties: {
    page: { type: 'integer', minimum: 1 },
    perPage: { type: 'integer', minimum: 1, maximum: 100 },
  },
  additionalProperties: false,
};

function tool(random: () => number, index: number): JsonObject {
  const count = 1 + Math.floor(random() * 9);
  const properties: JsonObject = {};
  const input: JsonObject = {};
  const required: string[] = [];
  let usesPagination = false;
  for (let slot = 0; slot < count; slot++) {
    const which = Math.floor(random() * makers.length);
    if (which === makers.length - 1) usesPagination = true;
    const { schema, sample } = makers[which]!(random, index, slot);
    const name = `${words[(index + slot * 7) % words.length]}_${slot}`;
    properties[name] = schema;
    input[name] = sample;
    if (random() < 0.4) required.push(name);
  }
  const inputSchema: JsonObject = { type: 'object', properties, ...(required.length ? { required } : {}) };
  if (usesPagination) inputSchema.$defs = { Pagination: pagination };
  const structured = random() < 0.4;
  const entry: JsonObject = {
    name: `${words[index % words.length]}_${words[(index * 3) % words.length]}_${index}`,
    description: `${sentence(random, 8)} Returns the matching ${words[index % words.length]} records.`,
    inputSchema,
  };
  if (random() < 0.6) entry.annotations = { readOnlyHint: random() < 0.5, openWorldHint: true };
  const result: JsonObject = { content: [{ type: 'text', text: `Found ${index % 17} results.` }] };
  if (structured) {
    entry.outputSchema = {
      type: 'object',
      properties: {
        total: { type: 'integer', minimum: 0 },
        items: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } },
      },
      required: ['total'],
    };
    result.structuredContent = { total: index % 17, items: [{ id: `item-${index}` }] };
  }
  entry.examples = { typical: { input, result } };
  return entry;
}

/** A description with `toolCount` tools and a tenth as many resources, templates and prompts. */
export function generateVariedDescription(toolCount: number, seed = 1): Json {
  const random = seeded(seed);
  const tools: Json[] = [];
  for (let i = 0; i < toolCount; i++) tools.push(tool(random, i));
  const others = Math.max(1, Math.floor(toolCount / 10));
  const resources: Json[] = [];
  const resourceTemplates: Json[] = [];
  const prompts: Json[] = [];
  for (let i = 0; i < others; i++) {
    resources.push({
      uri: `file:///docs/${words[i % words.length]}-${i}.md`,
      name: `doc-${i}`,
      description: sentence(random, 5),
      mimeType: 'text/markdown',
    });
    resourceTemplates.push({
      uriTemplate: `repo://{owner}/{repo}/${words[i % words.length]}/{id${i}}`,
      name: `template-${i}`,
      description: sentence(random, 4),
    });
    prompts.push({
      name: `prompt-${i}`,
      description: sentence(random, 6),
      arguments: [
        { name: 'topic', description: 'What to write about', required: true },
        { name: 'tone', description: 'Voice of the text' },
      ],
    });
  }
  return {
    mcpdesc: '0.8.0',
    info: { name: `varied-server-${toolCount}`, version: '2.3.1', description: 'A generated server of mixed shapes' },
    protocolVersions: ['2025-11-25'],
    transports: [{ type: 'stdio', command: 'varied-server', args: ['--stdio'] }],
    tools,
    resources,
    resourceTemplates,
    prompts,
  };
}
