/** Hostile document content for the XSS tests (HTML and browser). */
export const hostileText = [
  'Hello <script>window.__pwned = 1</script> world',
  '<img src=x onerror="window.__pwned = 2">',
  '[click](javascript:window.__pwned=3) and [ok](https://example.com/?a=1&b="2")',
  '[paren](javascript:alert(1)) <javascript:alert(1)> <https://example.com/auto>',
  '"><svg onload=window.__pwned=4>',
  "' onmouseover='window.__pwned=5",
  '```\n</code></pre><script>window.__pwned=6</script>\n```',
  '[data](data:text/html,<script>window.__pwned=7</script>) [vb](vbscript:x) [JS](JaVaScRiPt:window.__pwned=8) [tab](java\tscript:x)',
  '`</code><script>window.__pwned=9</script>`',
].join('\n\n');

export const hostileName = `x" onclick="window.__pwned=10" data-x="<script>`;

/** A document whose every text field carries an attack; not valid (the renderer does not need it to be). */
export function hostileDocument(): Record<string, unknown> {
  return {
    mcpdesc: '0.8.0',
    info: {
      name: hostileName,
      title: '</title><script>window.__pwned=11</script>',
      version: '1" onload="x',
      description: hostileText,
      websiteUrl: 'javascript:window.__pwned=12',
      icons: [
        { src: 'javascript:window.__pwned=13' },
        { src: 'https://evil.example/icon.png' },
        { src: 'data:image/svg+xml,<svg onload=alert(1)>' },
      ],
      contact: { name: '<b>me</b>', url: 'javascript:alert(1)', email: '"><script>x</script>' },
      license: { name: '<i>MIT</i>', url: 'javascript:alert(1)' },
    },
    protocolVersions: ['2025-11-25', '2026-07-28" onmouseover="x'],
    instructions: hostileText,
    transports: [
      {
        type: 'stdio',
        command: "evil'; rm -rf / #",
        args: ['</pre><script>window.__pwned=14</script>'],
        env: { '"><img src=x onerror=alert(1)>': 'v' },
      },
      { type: 'streamable-http', url: 'javascript:window.__pwned=15' },
    ],
    securitySchemes: {
      '"><script>x</script>': {
        type: 'oauth2',
        description: hostileText,
        flows: { implicit: { authorizationUrl: 'javascript:alert(1)', scopes: { '<s>': '<script>x</script>' } } },
      },
    },
    security: [{ '"><script>x</script>': ['<s>'] }],
    capabilities: [{ tools: { listChanged: true }, experimental: { '<script>': '</script>' } }],
    tools: [
      {
        name: hostileName,
        title: '<script>window.__pwned=16</script>',
        description: hostileText,
        tags: ['"><script>window.__pwned=17</script>'],
        annotations: { title: '<img src=x onerror=alert(1)>', 'x-<b>': '<script>' },
        inputSchema: {
          type: 'object',
          properties: {
            '"><img src=x onerror=window.__pwned=18>': {
              type: 'string',
              description: hostileText,
              enum: ['</td><script>x</script>'],
              default: '<script>',
              pattern: '<script>',
              format: '"><x>',
            },
          },
          required: ['"><img src=x onerror=window.__pwned=18>'],
        },
        examples: {
          '<script>': {
            input: { q: '</code></pre><script>window.__pwned=19</script>' },
            result: {
              content: [
                { type: 'text', text: '<script>window.__pwned=20</script>' },
                { type: 'image', mimeType: 'image/png"><script>', data: 'AAAA' },
                { type: 'resource_link', uri: 'javascript:window.__pwned=21', name: '<b>n</b>' },
                { type: 'resource', resource: { uri: 'javascript:x', text: '<script>window.__pwned=22</script>' } },
              ],
            },
          },
        },
        elicitations: [
          {
            name: '<e>',
            mode: 'url',
            message: '<script>x</script>',
            url: 'javascript:window.__pwned=23',
            when: '<img src=x onerror=alert(1)>',
          },
        ],
        'x-<script>': '</script><script>window.__pwned=24</script>',
      },
    ],
    prompts: [
      {
        name: '<p onclick=x>',
        description: hostileText,
        arguments: [{ name: '<a>', description: hostileText, required: true }],
      },
    ],
    tags: [{ name: '"><script>window.__pwned=17</script>', description: '<img src=x onerror=alert(1)>' }],
  };
}
