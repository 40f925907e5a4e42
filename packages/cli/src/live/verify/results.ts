/**
 * verify's results room: completion checks of verify --results.
 */
import { isObject, type JsonObject } from 'mcpdesc-core/internal/model/values.js';
import { type LiveSession } from '../connect.js';
import { show } from '../findings.js';
import { isCompared } from '../results.js';
import { compareCodeUnits } from 'mcpdesc-core/internal/model/json.js';
import { type Tally, type Declared, type Expectation, type Push } from './context.js';
import { type ContractContext, token } from './contract.js';

/**
 * verify --results: the recorded completion examples of prompts and resource templates, asked
 * again (completions are never asked otherwise) and compared.
 */
export async function completionChecks(
  expected: Expectation,
  session: LiveSession,
  push: Push,
  tally: Tally,
  context: ContractContext,
): Promise<void> {
  const targets = [
    ['prompts', (id: string) => ({ type: 'ref/prompt', name: id })],
    ['resourceTemplates', (id: string) => ({ type: 'ref/resource', uri: id })],
  ] as const;
  for (const [collection, ref] of targets) {
    for (const [id, d] of expected.declared[collection] ?? new Map<string, Declared>()) {
      const examples = isObject(d.entry.completionExamples) ? d.entry.completionExamples : {};
      for (const exampleName of Object.keys(examples).sort(compareCodeUnits)) {
        const example = examples[exampleName];
        if (!isObject(example) || !isObject(example.argument) || !isObject(example.result)) continue;
        if (!isCompared(example)) {
          tally.results.unrecorded++;
          continue;
        }
        if (!context.budget()) return;
        tally.calls.completions++;
        const pointer = `${d.pointer}/completionExamples/${token(exampleName)}`;
        const label = `completion ${show(exampleName)} of ${show(id)}`;
        const params: JsonObject = { ref: ref(id), argument: example.argument };
        if (isObject(example.context)) params.context = example.context;
        const outcome = await session.request('completion/complete', params);
        if (!outcome.ok) {
          push({
            rule: 'verify.results.completion',
            code: 'complete-failed',
            message: `${label}: completion/complete failed with ${outcome.error.code} ${outcome.error.message}; the recording has a result`,
            pointer,
            live: outcome.error,
          });
          continue;
        }
        context.compare?.(label, pointer, example, outcome.result, 'CompleteResult');
      }
    }
  }
}
