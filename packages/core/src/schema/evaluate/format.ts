/**
 * Format vocabulary: `format` asserts only when the evaluator is created with
 * `formats: true`, and only for the safe set in ../formats.ts; every other
 * format stays an annotation.
 */
import { checkFormat } from '../formats.js';
import type { EvaluationState } from './state.js';

export function validateFormat(
  state: EvaluationState,
  format: unknown,
  instance: unknown,
  instancePointer: string,
  schemaPointer: string,
): boolean {
  if (!state.assertFormats || typeof format !== 'string' || typeof instance !== 'string') return true;
  if (checkFormat(format, instance) !== false) return true;
  return state.fail(instancePointer, schemaPointer, 'format', `must match format "${format}"`);
}
