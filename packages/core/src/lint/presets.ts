import type { Severity } from '../model/diagnostic.js';
import { lintRules } from './rules/index.js';

/** A configured severity: a rule (or one of its codes) off, or reported at a level. */
export type SeveritySetting = 'off' | 'info' | 'warn' | 'error';

/** Rule id, or `rule-id:code` for one code, -> setting. */
export type SeverityMap = Record<string, SeveritySetting>;

export const presetNames = ['recommended', 'strict', 'directory'] as const;
export type PresetName = (typeof presetNames)[number];

export function settingOf(severity: Severity): SeveritySetting {
  return severity === 'warning' ? 'warn' : severity;
}

export function severityOf(setting: Exclude<SeveritySetting, 'off'>): Severity {
  return setting === 'warn' ? 'warning' : setting;
}

/** Each rule at its default severity. */
const recommended: SeverityMap = Object.fromEntries(lintRules.map((r) => [r.id, settingOf(r.severity)]));

/** Every warning rule an error, every info rule a warning. */
const strict: SeverityMap = Object.fromEntries(lintRules.map((r) => [r.id, r.severity === 'info' ? 'warn' : 'error']));

/**
 * What a public directory listing requires (Anthropic Software Directory Policy, quoted in the
 * guide, steps 1 and 2): names of at most 64 characters, a title, and readOnlyHint and
 * destructiveHint on every tool — as errors. Everything else as recommended.
 */
const directory: SeverityMap = {
  ...recommended,
  'lint.tool.name.length': 'error',
  'lint.tool.title': 'error',
  'lint.tool.annotations.explicit:missing-annotations': 'error',
  'lint.tool.annotations.explicit:missing-read-only-hint': 'error',
  'lint.tool.annotations.explicit:missing-destructive-hint': 'error',
};

export const presets: Readonly<Record<PresetName, Readonly<SeverityMap>>> = { recommended, strict, directory };

export function isPresetName(value: unknown): value is PresetName {
  return typeof value === 'string' && (presetNames as readonly string[]).includes(value);
}
