/**
 * verify's results room: completion checks of verify --results.
 */
import { fitToRevision } from 'mcpdesc-core/operations';
import { isRevision, isObject, type JsonObject, compareCodeUnits, joinPointer } from 'mcpdesc-core/model';
import { Redactor } from '../redaction.js';
import { show } from '../findings.js';
import { type PathPattern } from '../result-compare.js';
import { isCompared, resultFindings } from '../results.js';
import { type Declared, type VerifyContext } from './context.js';
import { verifyResultsCompletionRule } from '../rules/verify.results.completion.js';

/**
 * verify --results: the recorded completion examples of prompts and resource templates, asked
 * again (completions are never asked otherwise) and compared.
 */
export async function completionChecks(context: VerifyContext): Promise<void> {
  const { expected, session, push, tally } = context;
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
        const pointer = joinPointer(d.pointer, 'completionExamples', exampleName);
        const label = `completion ${show(exampleName)} of ${show(id)}`;
        const params: JsonObject = { ref: ref(id), argument: example.argument };
        if (isObject(example.context)) params.context = example.context;
        const outcome = await session.request('completion/complete', params);
        if (!outcome.ok) {
          push({
            rule: verifyResultsCompletionRule,
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

/** verify --results: the comparison of a live result with its example's recording. */
export function resultsComparer(
  { revision, tally, push }: VerifyContext,
  results: { redactor: Redactor; ignorePaths: readonly PathPattern[] },
): NonNullable<VerifyContext['compare']> {
  return (label, pointer, example, live, result) => {
    if (!isCompared(example)) return void tally.results.unrecorded++;
    tally.results.compared++;
    // The recording was fitted to the revision (capture leaves out what it does not define): so is the live answer.
    const fitted = isRevision(revision) ? fitToRevision(live, revision, result).value : live;
    const drift = resultFindings(label, pointer, example, fitted, results.ignorePaths, results.redactor);
    if (drift.some((f) => (f.severity ?? 'error') === 'error')) tally.results.drifted++;
    for (const f of drift) push(f);
  };
}
