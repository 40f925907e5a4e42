/** Documents shared by the operation tests. Each call returns a fresh copy. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseDescription } from 'mcpdesc-core/internal/source/index.js';
import { createSchemaService } from 'mcpdesc-core/internal/validate/schema-engine-service.js';

/** One schema service for every validation the operations run in the tests. */
export const validation = { schemas: createSchemaService() };

/** A valid two-revision description exercising scopes, security forms, extensions, components, tags. */
export function weather(): Record<string, any> {
  return {
    mcpdesc: '0.8.0',
    info: { name: 'weather', version: '1.0.0', 'x-owner': { team: 'forecasting' } },
    protocolVersions: ['2025-06-18', '2025-11-25'],
    instructions: 'Ask for a city first.',
    transports: [
      { type: 'streamable-http', url: 'https://weather.example.com/mcp', security: [{ bearer: [] }] },
      { type: 'stdio', command: 'weather', protocolVersions: ['2025-11-25'], security: [] },
    ],
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    security: [{}],
    components: {
      schemas: {
        Empty: { type: 'object', additionalProperties: false },
        Alias: { $componentRef: '#/components/schemas/Empty' },
        Unused: { type: 'object' },
      },
      'x-components-owner': 'forecasting',
    },
    capabilities: [
      { protocolVersions: ['2025-06-18'], tools: { listChanged: true } },
      { protocolVersions: ['2025-11-25'], tools: { listChanged: true }, 'x-cap': 1 },
    ],
    tools: [
      {
        name: 'forecast',
        inputSchema: {
          type: 'object',
          properties: { city: { type: 'string' } },
          required: ['city'],
          additionalProperties: false,
        },
        security: [],
        tags: ['weather'],
        elicitations: [
          { name: 'login', mode: 'url', message: 'Sign in to the weather service.', protocolVersions: ['2025-11-25'] },
        ],
        'x-rollout': { protocolVersions: ['2025-06-18'] },
      },
      {
        name: 'alerts',
        protocolVersions: ['2025-06-18'],
        inputSchema: { $componentRef: '#/components/schemas/Alias' },
      },
      {
        name: 'alerts',
        protocolVersions: ['2025-11-25'],
        description: 'Active alerts.',
        inputSchema: { $componentRef: '#/components/schemas/Alias' },
      },
    ],
    prompts: [{ name: 'briefing', protocolVersions: ['2025-11-25'], description: 'A short briefing.' }],
    tags: [{ name: 'weather', description: 'Weather data' }, { name: 'unused' }],
    'x-root': { tier: 'free' },
  };
}

const corpus = resolve(process.cwd(), '..', 'shared', 'conformance', 'mcpdesc-0.8.0');

/** Every valid document of the conformance corpus: fixtures/expected-valid and examples. */
export function validCorpus(): { name: string; document: Record<string, any> }[] {
  return corpusDocuments(['fixtures/expected-valid', 'examples']);
}

/** The decoded documents of the named corpus folders (a document that does not decode is left out). */
export function corpusDocuments(dirs: readonly string[]): { name: string; document: Record<string, any> }[] {
  const out: { name: string; document: Record<string, any> }[] = [];
  for (const dir of dirs) {
    for (const file of readdirSync(join(corpus, dir))
      .filter((f) => /\.(json|ya?ml)$/.test(f))
      .sort()) {
      const path = join(corpus, dir, file);
      const parsed = parseDescription(readFileSync(path), { filename: path });
      if (parsed.document === undefined) continue;
      out.push({ name: `${dir}/${file}`, document: parsed.document as Record<string, any> });
    }
  }
  return out;
}
