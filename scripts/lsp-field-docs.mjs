#!/usr/bin/env node
// Writes packages/cli/src/lsp/field-docs.generated.ts, the hover table of every field of the
// structural schema with its row of the specification's property tables (../shared/spec/). The
// specification is not shipped, so the server reads the committed table. Usage, after a build:
// `node scripts/lsp-field-docs.mjs`; test/lsp/field-docs.test.ts fails when the table is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import prettier from 'prettier';
import { fieldDocsModule } from 'mcpdesc-toolkit/internal/lsp/field-docs-source.js';

const out = join('packages', 'cli', 'src', 'lsp', 'field-docs.generated.ts');
const specification = readFileSync(join('..', 'shared', 'spec', 'mcp-description-0.8.0.md'), 'utf8');
const options = { ...(await prettier.resolveConfig(out)), filepath: out };
writeFileSync(out, await prettier.format(fieldDocsModule(specification), options));
console.log(`wrote ${out}`);
