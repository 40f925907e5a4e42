/**
 * One name for the human-readable report on every command that prints one (issue 35): `text`.
 * validate, lint and verify called it `stylish` (ESLint's word), diff, rules, compat and
 * migrate --report-format `text`; each now lists `text` and takes `stylish` as its alias.
 */
import { Option } from 'commander';

export const textFormat = 'text';
export const textFormatAlias = 'stylish';

/** The report formats (core's formatter names) as `--format` lists them: the stylish formatter's report is `text`. */
export const reportFormatChoices = (formats: readonly string[]): string[] =>
  formats.map((name) => (name === textFormatAlias ? textFormat : name));

/**
 * An option whose help lists `choices` (`text` among them) and which also takes `stylish`.
 * Either word parses to `textValue`, the name the command's own code uses for its human
 * report (core's report formatter is `stylish`; diff's and the catalogue's renderers `text`).
 * `defaultChoice` is one of `choices`: the human report's default reads `text` in help too.
 */
export function formatOption(
  flags: string,
  description: string,
  choices: readonly string[],
  { defaultChoice, textValue = textFormat }: { defaultChoice?: string; textValue?: string } = {},
): Option {
  const option = new Option(flags, `${description}; ${textFormatAlias}: an alias of ${textFormat}`).choices(choices);
  const checkChoice = option.parseArg!;
  option.argParser((value: string, previous: unknown) => {
    const checked = checkChoice(value === textFormatAlias ? textFormat : value, previous);
    return checked === textFormat ? textValue : checked;
  });
  if (defaultChoice === textFormat) option.default(textValue, JSON.stringify(textFormat));
  else if (defaultChoice !== undefined) option.default(defaultChoice);
  return option;
}
