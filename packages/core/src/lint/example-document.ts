/** Small complete documents for the rules' documented examples (`docs.bad` / `docs.good`). */

export function exampleDocument(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    mcpdesc: '0.8.0',
    info: {
      name: 'issue-tracker',
      title: 'Issue Tracker',
      version: '1.0.0',
      description: 'Issues of the current workspace.',
    },
    protocolVersions: ['2026-07-28'],
    ...extra,
  };
}

/** A tool that every lint rule accepts; overrides replace its members (`undefined` removes one). */
export function exampleTool(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const tool: Record<string, unknown> = {
    name: 'get_issue',
    title: 'Get issue',
    description: 'Returns one issue of the current workspace by its key, with its title, status and assignee.',
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    inputSchema: {
      type: 'object',
      properties: { key: { type: 'string', description: 'The issue key, in the form ABC-123.' } },
      required: ['key'],
      additionalProperties: false,
    },
    ...overrides,
  };
  for (const key of Object.keys(tool)) if (tool[key] === undefined) delete tool[key];
  return tool;
}
