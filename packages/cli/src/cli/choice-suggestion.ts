import { didYouMeanText } from 'mcpdesc-core/model';
import { textFormat, textFormatAlias } from './format-option.js';

/** Commander's message for a value outside an option's or argument's `.choices()`. */
const invalidChoice = /'([^'\n]*)' is invalid(?: for argument '[^'\n]*')?\. Allowed choices are ([^\n]*)\.\n?$/;

/**
 * Commander's error text with "did you mean" added when the value is outside the choices of an
 * option (`--format stylsh`): the nearest choices by edit distance, as for misspelt rule ids.
 */
export function withChoiceSuggestion(text: string): string {
  const match = invalidChoice.exec(text);
  if (!match) return text;
  const choices = match[2]!.split(', ');
  // `stylish` is taken wherever `text` is (format-option.ts), though the choices list only text.
  if (choices.includes(textFormat)) choices.push(textFormatAlias);
  const near = didYouMeanText(match[1]!, choices);
  if (near === '') return text;
  const end = text.endsWith('\n') ? '\n' : '';
  return `${text.slice(0, text.length - end.length - 1)}${near}.${end}`;
}
