#!/usr/bin/env node
// Writes docs/rules/: one reference page per rule and an index, from the compiled rule catalogue
// (src/lint/rule-pages.ts), the CLI's live rules (packages/cli/src/live/rules/), and the
// specification and design guide in ../shared/spec/. Stale pages are removed. Usage, after a build: `npm run docs:rules`; test/lint/rule-pages.test.ts
// fails when the committed pages differ from what this writes.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rulePages } from 'mcpdesc-core/internal/lint/rule-pages.js';
import { liveRules } from 'mcpdesc-toolkit/internal/live/rules/index.js';

const spec = join('..', 'shared', 'spec');
const pages = rulePages(
  {
    specification: readFileSync(join(spec, 'mcp-description-0.8.0.md'), 'utf8'),
    guide: readFileSync(join(spec, 'tool-schema-design-guide.md'), 'utf8'),
  },
  liveRules,
);
const out = join('docs', 'rules');
mkdirSync(out, { recursive: true });
for (const name of readdirSync(out)) if (!pages.has(name)) rmSync(join(out, name));
for (const [name, text] of pages) writeFileSync(join(out, name), text);
console.log(`${pages.size} pages in ${out}/`);
