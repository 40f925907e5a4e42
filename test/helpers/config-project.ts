/**
 * The description the configuration tests check (config-js, config-yaml): one tool whose name
 * a team rule "names start with acme_" flags (get_x) and one it keeps quiet on (acme_y).
 */
export const teamDocumentText = JSON.stringify({
  mcpdesc: '0.8.0',
  info: { name: 'x', version: '1.0.0' },
  protocolVersions: ['2025-06-18'],
  tools: [
    { name: 'get_x', description: 'Gets x.', inputSchema: { type: 'object' } },
    { name: 'acme_y', description: 'Gets y.', inputSchema: { type: 'object' } },
  ],
});
