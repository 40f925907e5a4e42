/**
 * Description text that spells raw HTML in every way CommonMark reads it (spec 4.6 HTML blocks,
 * 6.6 raw HTML) and in the ways that slipped past the earlier escaping (issue 15, finding 13),
 * plus seeded random mixtures of the syntax around them. Every payload, if it ever ran, sets
 * `window.__pwned`.
 */
import { seededRandom } from 'mcpdesc-core/internal/model/seeded-random.js';

const image = (n: number): string => `<img src=x onerror="window.__pwned=${n}">`;

/** The five payload classes of finding 13 and the HTML-block and raw-HTML rules, one text each. */
export const hostileMarkdownTexts: readonly string[] = [
  // Backtick runs of unequal length around the payload.
  `\`\`${image(101)}\``,
  `\`${image(102)}\`\``,
  `\`\`a\` ${image(103)} \`a\`\``,
  `x \`\n\` ${image(104)} \``,
  `\\\`${image(105)}\``,
  // A fence line indented with a tab, or with other white space CommonMark does not count as indentation.
  `\t\`\`\`\n${image(106)}\n\`\`\``,
  `\u00a0\`\`\`\n${image(107)}\n\`\`\``,
  `\u3000\`\`\`\n${image(108)}\n\`\`\``,
  // U+00A0 and U+3000 followed by HTML.
  `\u00a0${image(109)}`,
  `\u3000${image(110)}`,
  // HTML blocks, types 1 to 7, and raw inline HTML.
  `<script>window.__pwned=111</script>`,
  `<style>body{background:url(x)}</style>\n${image(112)}`,
  `<!-- x -->${image(113)}`,
  `<?php ?>\n${image(114)}`,
  `<!DOCTYPE html>\n${image(115)}`,
  `<![CDATA[ x ]]>\n${image(116)}`,
  `<div>\n${image(117)}\n</div>`,
  `<iframe srcdoc="<script>window.__pwned=118</script>"></iframe>`,
  `</p>${image(119)}`,
  `a <svg onload="window.__pwned=120"> b`,
  `a <a href="javascript:window.__pwned=121">x</a>`,
  `a <img\nsrc=x\nonerror="window.__pwned=122"> b`,
  `\\\\${image(123)}`,
  `   ${image(124)}`,
  `> ${image(125)}`,
  `- ${image(126)}`,
  `1. \`\`\`\n${image(127)}`,
  `- a\n  \`\`\`\n  x\n\`\`\`\n${image(128)}\n\`\`\`\n${image(129)}`,
  `~~~\n${image(130)}\n~~~~\n${image(131)}`,
  `\`\`\`\`\n\`\`\`\n${image(132)}\n\`\`\`\`\n${image(133)}`,
  // Tables, links, references, autolinks and images.
  `| a | b |\n| --- | --- |\n| \`x|${image(134)}\` | y |`,
  `[x](javascript:window.__pwned=135) [y](<javascript:window.__pwned=136>) ![z](javascript:window.__pwned=137)`,
  `[r]: javascript:window.__pwned=138\n\n[r] ![r]`,
  `<javascript:window.__pwned=139> <https://a.example/\`${image(140)}\`>`,
  `[a](https://a.example/\`) ${image(141)}\``,
  `&lt;img src=x onerror="window.__pwned=142"&gt; &#60;img src=x onerror=window.__pwned=143&#62;`,
  // Headings and setext underlines (they must not compete with the page's own).
  `# Heading\n\nSetext\n===\n\n> ## quoted\n- ### in a list\n\nUnder\n---`,
];

const random = seededRandom;

const pieces = [
  '`',
  '``',
  '```',
  '~~~',
  '\\',
  '\t',
  '\u00a0',
  '\u3000',
  ' ',
  '    ',
  '\n',
  '\n\n',
  '> ',
  '- ',
  '1. ',
  '#',
  '|',
  '---',
  '===',
  '[',
  ']',
  '(',
  ')',
  '!',
  '<',
  '>',
  '&',
  'a',
  'javascript:',
  'https://a.example/',
  '<div>',
  '</div>',
  '<script>',
  '</script>',
  '<!--',
  '-->',
];

/** `count` seeded random texts, each mixing Markdown syntax with one payload. */
export function generatedHostileTexts(count: number, seed = 15): string[] {
  const next = random(seed);
  const texts: string[] = [];
  for (let n = 0; n < count; n++) {
    const parts: string[] = [];
    const length = 4 + Math.floor(next() * 12);
    const payloadAt = Math.floor(next() * length);
    for (let i = 0; i < length; i++) {
      if (i === payloadAt) parts.push(image(1000 + n));
      parts.push(pieces[Math.floor(next() * pieces.length)]!);
    }
    texts.push(parts.join(''));
  }
  return texts;
}

/** A document carrying one hostile text in every place that takes Markdown or plain text. */
export function documentWith(text: string): Record<string, unknown> {
  return {
    mcpdesc: '0.8.0',
    info: { name: 'hostile', title: text, version: '1.0.0', description: text },
    instructions: text,
    tools: [
      {
        name: 'tool',
        description: text,
        tags: [text],
        inputSchema: { type: 'object', properties: { [text]: { type: 'string', title: text, description: text } } },
      },
    ],
    prompts: [{ name: 'prompt', description: text, arguments: [{ name: 'a', description: text }] }],
  };
}
