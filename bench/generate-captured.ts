/**
 * A third shape for the validation benchmark (issue 37 item 5): content no generator of ours
 * chose. The tools of the real servers' captures kept as test fixtures (test/fixtures/real-servers
 * and lint-unseen-servers: the reference servers, GitHub, GitLab, Slack, Puppeteer, …) are
 * repeated, renamed, into one document of the size asked for. Schemas, descriptions, annotations
 * and examples are the servers' own; only the names change, so the document stays valid.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseDescription, validate } from 'mcpdesc-core';

const fixtureFolders = ['test/fixtures/real-servers', 'test/fixtures/lint-unseen-servers'];
/** The one revision every tool is kept for: the newest one all the captures were made for. */
const revision = '2025-11-25';

type JsonObject = Record<string, unknown>;

/** Every captured tool valid on its own under `revision`, in a stable order (folder, file, position). */
export function capturedTools(repository: string = resolve(import.meta.dirname, '../..')): JsonObject[] {
  const tools: JsonObject[] = [];
  for (const folder of fixtureFolders) {
    const directory = join(repository, folder);
    for (const name of readdirSync(directory).sort()) {
      if (!/\.mcpdesc\.(json|ya?ml)$/.test(name)) continue;
      const { document } = parseDescription(readFileSync(join(directory, name), 'utf8'), { filename: name });
      const declared = (document as JsonObject | undefined)?.tools;
      if (!Array.isArray(declared)) continue;
      for (const tool of declared as JsonObject[]) {
        const scoped = tool.protocolVersions;
        if (Array.isArray(scoped) && !scoped.includes(revision)) continue;
        const { protocolVersions: _, ...kept } = tool;
        // A tool that leans on its document (a $componentRef, a gated field) is left out, not patched.
        if (validate(documentOf([kept])).valid) tools.push(kept);
      }
    }
  }
  return tools;
}

function documentOf(tools: JsonObject[]): JsonObject {
  return {
    mcpdesc: '0.8.0',
    info: { name: 'captured-servers', version: '1.0.0' },
    protocolVersions: [revision],
    capabilities: [{ tools: {} }],
    tools,
  };
}

/** A document of `count` tools cycling through the captured ones, each renamed `<name>_<n>`. */
export function generateCapturedDescription(count: number, tools: readonly JsonObject[] = capturedTools()): JsonObject {
  if (tools.length === 0) throw new Error('no captured tool found in the fixtures');
  const out: JsonObject[] = [];
  for (let i = 0; i < count; i++) {
    const tool = tools[i % tools.length]!;
    out.push({ ...tool, name: `${String(tool.name)}_${i}` });
  }
  return documentOf(out);
}
