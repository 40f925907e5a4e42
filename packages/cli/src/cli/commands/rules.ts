import { join } from 'node:path';
import { Command } from 'commander';
import { UsageError } from '../io.js';
import type { DefineCommand } from '../command.js';
import { formatOption, textFormat } from '../format-option.js';

const examples = `
Examples:
  $ mcpdesc rules                                   list every rule
  $ mcpdesc rules mcp.tool.input-schema.x-mcp-header show one rule with its codes and examples
  $ mcpdesc rules mcp.tool.input-schema.x-mcp-header/duplicate-x-mcp-header
                                                    one code, as a diagnostic names it (rule/code)
  $ mcpdesc rules --format json                     the catalogue as JSON
  $ mcpdesc rules acme/tool-prefix                  a plugin's rule, from the nearest mcpdesc.config.js

The rules a configuration brings (its plugins' and its declarative ones) are listed after ours:
the nearest mcpdesc.config.json, .js or .mjs from the working directory, or --config FILE.`;

export const defineRules: DefineCommand = (io) =>
  new Command('rules')
    .description('the rule catalogue: id, codes, severity, spec section, summary and examples')
    .argument('[id]', 'show one rule in full, or one of its codes as rule/code')
    .addOption(
      formatOption('-f, --format <format>', 'output format', [textFormat, 'json'], { defaultChoice: textFormat }),
    )
    .option('-c, --config <file>', "configuration whose plugins' and declarative rules are listed too")
    .option('--no-config-js', 'refuse JavaScript configurations, which run code (MCPDESC_NO_CONFIG_JS=1 does the same)')
    .addHelpText('after', examples)
    .action(
      async (id: string | undefined, options: { format: 'text' | 'json'; config?: string; configJs?: boolean }) => {
        const { catalogueEntries, configuredEntries, findCode, renderCatalogue, renderCode, renderRule } =
          await import('../rule-catalogue.js');
        const { configuredRulesOf } = await import('../configured-rules.js');
        const { configLoader } = await import('../config-loader.js');
        // The configuration `mcpdesc lint` would use for a file in the working directory.
        const { loaded } = await (await configLoader(options, io))(join(io.cwd, 'rules'));
        const entries = [...catalogueEntries(), ...(loaded ? configuredEntries(configuredRulesOf(loaded.config)) : [])];
        if (id === undefined) {
          io.stdout(options.format === 'json' ? JSON.stringify(entries, null, 2) + '\n' : renderCatalogue(entries));
          return;
        }
        const code = findCode(entries, id);
        if (typeof code === 'string') throw new UsageError(code);
        if (code) {
          io.stdout(options.format === 'json' ? JSON.stringify(code, null, 2) + '\n' : renderCode(code));
          return;
        }
        const entry = entries.find((e) => e.id === id);
        if (!entry) {
          const near = entries.filter((e) => e.id.includes(id)).map((e) => e.id);
          throw new UsageError(
            `no rule "${id}"` +
              (near.length ? `; did you mean ${near.slice(0, 5).join(', ')}?` : '; run `mcpdesc rules` for the list'),
          );
        }
        io.stdout(options.format === 'json' ? JSON.stringify(entry, null, 2) + '\n' : renderRule(entry));
      },
    );
