/**
 * The result shape shared by every document operation (project, merge, resolve, bundle):
 * `{ ok, value?, diagnostics }`, discriminated on `ok`. Operations never throw on bad documents and never mutate
 * their input; a conflict or an ambiguity is a diagnostic, not a guess.
 */
import { walkProblem } from '../model/caller-values.js';
import type { McpDescription } from '../model/description.js';
import { copyDiagnostic, hasErrors, type Diagnostic } from '../model/diagnostic.js';
import { validate, type ValidateOptions } from '../validate/validate.js';
import { validationRules } from '../validate/catalogue.js';
import { conformancePolicy, runRules, type SeverityPolicy } from '../validate/engine.js';
import { finishDiagnostics } from '../validate/finish-diagnostics.js';
import { shortJson } from '../model/short-json.js';
import {
  createSchemaService,
  documentStepBudget,
  withEvaluationReuse,
  withStepBudget,
} from '../validate/schema-engine-service.js';

/** Where a diagnostic or a related location sits: which input document (0-based), which pointer. */
export interface OperationLocation {
  /** Index of the input document; absent for the operation's output document. */
  input?: number;
  pointer: string;
}

/**
 * A diagnostic of an operation. `input` says which input document its pointer refers to (absent:
 * the output document, or the document as a whole); `related` names the other locations a
 * conflict involves (for a merge conflict: the pointer in the other input).
 */
export interface OperationDiagnostic extends Diagnostic {
  input?: number;
  related?: OperationLocation[];
}

/** An operation that produced its output: no diagnostic is an error. */
export interface OperationSuccess<T> {
  ok: true;
  value: T;
  /** Its warnings and infos. */
  diagnostics: OperationDiagnostic[];
}

/** An operation that stopped: at least one diagnostic is an error, and there is no output. */
export interface OperationFailure {
  ok: false;
  value?: undefined;
  diagnostics: OperationDiagnostic[];
}

/** The result of an operation, discriminated on `ok`: `value` is present exactly when `ok`. */
export type OperationResult<T> = OperationSuccess<T> | OperationFailure;

/** Options every operation accepts: how the validator is run on its input and output. */
export interface OperationOptions {
  /** Passed to `validate` (e.g. a shared schema service). */
  validation?: ValidateOptions;
}

/**
 * The options for one run of an operation over several documents (inputs and output): every
 * validation draws on one schema-evaluation budget, so the run costs at most one document's
 * budget however many documents it validates; the evaluation that spends it says where it ran out.
 */
export function withRunBudget(options: OperationOptions): OperationOptions {
  const validation = options.validation ?? {};
  const schemas = withStepBudget(withEvaluationReuse(validation.schemas ?? createSchemaService()), {
    name: "the run's schema-evaluation budget",
    total: documentStepBudget,
    remaining: documentStepBudget,
  });
  return { ...options, validation: { ...validation, schemas } };
}

export function success<T>(value: T, diagnostics: OperationDiagnostic[]): OperationResult<T> {
  return hasErrors(diagnostics) ? { ok: false, diagnostics } : { ok: true, value, diagnostics };
}

export function failure(diagnostics: OperationDiagnostic[]): OperationFailure {
  return { ok: false, diagnostics };
}

/**
 * `success` for an output document that went through `validateOutput`, whose errors are among
 * `diagnostics`: so `ok` means the output is a valid MCP Description.
 */
export function documentSuccess(output: unknown, diagnostics: OperationDiagnostic[]): OperationResult<McpDescription> {
  return success(output as McpDescription, diagnostics);
}

export interface OperationDiagnosticInit {
  rule: string;
  code: string;
  message: string;
  pointer?: string;
  spec?: string;
  severity?: Diagnostic['severity'];
  input?: number;
  related?: OperationLocation[];
}

export function operationDiagnostic(init: OperationDiagnosticInit): OperationDiagnostic {
  const d: OperationDiagnostic = {
    rule: init.rule,
    code: init.code,
    severity: init.severity ?? 'error',
    message: init.message,
    pointer: init.pointer ?? '',
  };
  if (init.spec) d.spec = init.spec;
  if (init.input !== undefined) d.input = init.input;
  if (init.related && init.related.length > 0) d.related = init.related;
  return d;
}

/** A value quoted for a message: JSON, shortened when long. */
export function quote(value: unknown, max = 80): string {
  if (value === undefined) return '(absent)';
  return shortJson(value, max);
}

/**
 * The diagnostics an operation lists per validated document (each input, the output): an operation
 * only needs to know that a document is invalid, so, as compilers stop after "too many errors",
 * it keeps the first ones and counts the rest in one summary (`mcpdesc validate` lists them all).
 * This bounds the operation's memory and report by its inputs' size, not by their faults.
 */
export const maxDiagnosticsPerDocument = 1_000;

/** `listed` (at most `maxDiagnosticsPerDocument` of `total`), then one info that counts the rest exactly. */
function withOmittedCount(
  listed: OperationDiagnostic[],
  total: number,
  rule: string,
  which: string,
  spec: string,
  input: number | undefined,
): OperationDiagnostic[] {
  const omitted = total - listed.length;
  if (omitted <= 0) return listed;
  listed.push(
    operationDiagnostic({
      rule,
      code: 'too-many-diagnostics',
      severity: 'info',
      message: `${omitted} more diagnostic${omitted === 1 ? '' : 's'} of the ${which} not listed (the first ${listed.length} of ${total} are); mcpdesc validate lists them all`,
      spec,
      ...(input === undefined ? {} : { input }),
    }),
  );
  return listed;
}

/** A copy of an input's diagnostic that says which input (a literal first: see copyDiagnostic). */
function withInput(d: Diagnostic, input: number): OperationDiagnostic {
  const copy: OperationDiagnostic = copyDiagnostic(d);
  copy.input = input;
  return copy;
}

/**
 * Validates an operation's input. Returns the validator's diagnostics (tagged with `input`; the
 * first `maxDiagnosticsPerDocument`, then a count of the rest) and, when the input has errors, one
 * `operation.<op>.input` error that says the operation stops.
 */
export function validateInput(
  operation: string,
  document: unknown,
  input: number | undefined,
  spec: string,
  options: OperationOptions,
): { valid: boolean; diagnostics: OperationDiagnostic[] } {
  const which = input === undefined ? 'input' : `input ${input + 1}`;
  // A caller's cyclic or too deep value: every walk after this one would overflow the stack.
  const problem = walkProblem(document);
  if (problem !== undefined) {
    const diagnostic = operationDiagnostic({
      rule: `operation.${operation}.input`,
      code: 'unwalkable-input',
      message: `the ${which} cannot be walked: ${problem}`,
      spec,
      ...(input === undefined ? {} : { input }),
    });
    return { valid: false, diagnostics: [diagnostic] };
  }
  const result = validate(document, options.validation ?? {});
  const listed = result.diagnostics
    .slice(0, maxDiagnosticsPerDocument)
    .map((d): OperationDiagnostic => (input === undefined ? copyDiagnostic(d) : withInput(d, input)));
  const rule = `operation.${operation}.input`;
  const diagnostics = withOmittedCount(listed, result.diagnostics.length, rule, which, spec, input);
  if (!result.valid) {
    const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
    diagnostics.push(
      operationDiagnostic({
        rule,
        code: 'invalid-input',
        message: `the ${which} is not a valid MCP Description (${errors} error${errors === 1 ? '' : 's'}); ${operation} needs a valid document`,
        spec,
        ...(input === undefined ? {} : { input }),
      }),
    );
  }
  return { valid: result.valid, diagnostics };
}

/**
 * Conformance severities with only the errors kept. A code's severity depends on its rule and
 * the document's version alone, so no error is a duplicate of a warning: the errors are those
 * of `validate`, in its order, without the cost of writing and sorting the rest.
 */
const errorsOnly: SeverityPolicy = (rule, code, pointer, requested) => {
  const severity = conformancePolicy(rule, code, pointer, requested);
  return severity === 'error' ? severity : undefined;
};

/**
 * Validates an operation's output (a decoded document). Every validator error becomes an
 * `operation.<op>.output` error at the same pointer (the operation produced an invalid
 * document: a bug or an unrepresentable combination), the first `maxDiagnosticsPerDocument` of
 * them listed; the output's warnings are the inputs' warnings, already reported, so they are
 * not written.
 */
export function validateOutput(
  operation: string,
  document: unknown,
  spec: string,
  options: OperationOptions,
): OperationDiagnostic[] {
  const validation = options.validation ?? {};
  const result = runRules(document, validation.rules ?? validationRules, errorsOnly, validation);
  const out: OperationDiagnostic[] = [];
  let errors = 0;
  for (const d of finishDiagnostics(result.diagnostics, undefined)) {
    if (d.severity !== 'error') continue;
    if (++errors > maxDiagnosticsPerDocument) continue;
    out.push(
      operationDiagnostic({
        rule: `operation.${operation}.output`,
        code: 'invalid-output',
        message: `the ${operation} output fails ${d.rule} (${d.code}): ${d.message}`,
        pointer: d.pointer,
        spec,
      }),
    );
  }
  return withOmittedCount(out, errors, `operation.${operation}.output`, `${operation} output`, spec, undefined);
}
