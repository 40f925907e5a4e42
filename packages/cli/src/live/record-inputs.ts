/**
 * The inputs of a re-recording (`capture --record --merge-into FILE`): the existing description's
 * inline examples give their inputs (tool `input`, prompt `arguments`, template `uri`, completion
 * `argument`/`context`) under their own names, so re-recording refreshes each example in place
 * (record.ts keeps the example's author-added `x-*`, `x-mcpdesc-volatile` among them). The
 * --inputs file wins when it names the same example. Reference Objects (`$ref`) are not re-recorded:
 * the recorded answer would replace the shared component.
 */
import { type PrimitiveCollection, compareCodeUnits, setOwn, isObject, type JsonObject } from 'mcpdesc-core/model';
import { identityOf } from './raw-list.js';
import { inputSourceKey, type CompletionInput, type InputSource, type RecordInputs } from './record.js';

/** The collections with completion examples (10.4.6, 11.4), as the inputs name them. */
type CompletionCollection = keyof NonNullable<RecordInputs['completions']>;

const emptyInputs = (): RecordInputs => ({
  tools: {},
  prompts: {},
  resourceTemplates: {},
  completions: { prompts: {}, resourceTemplates: {} },
});

function isStringMap(value: unknown): value is Record<string, string> {
  return isObject(value) && Object.values(value).every((v) => typeof v === 'string');
}

/** The inline examples of one kind of declaration, by declaration identity (the first declaration of an identity). */
function inlineExamples(
  document: JsonObject,
  collection: PrimitiveCollection,
  property: 'examples' | 'completionExamples',
): Map<string, [string, JsonObject][]> {
  const out = new Map<string, [string, JsonObject][]>();
  const list = Array.isArray(document[collection]) ? (document[collection] as unknown[]) : [];
  for (const declaration of list) {
    if (!isObject(declaration)) continue;
    const id = identityOf(collection, declaration);
    if (id === undefined || out.has(id) || !isObject(declaration[property])) continue;
    const map = declaration[property];
    out.set(
      id,
      Object.keys(map)
        .sort(compareCodeUnits)
        .filter((name) => isObject(map[name]) && !('$ref' in (map[name] as JsonObject)))
        .map((name) => [name, map[name] as JsonObject]),
    );
  }
  return out;
}

/** The inputs the description's examples give. */
export function inputsFromExamples(document: JsonObject): RecordInputs {
  const inputs = emptyInputs();
  const add = <T>(into: Record<string, Record<string, T>>, id: string, name: string, value: T) => {
    if (!Object.prototype.hasOwnProperty.call(into, id)) setOwn(into, id, {});
    setOwn(into[id]!, name, value);
  };
  for (const [id, examples] of inlineExamples(document, 'tools', 'examples'))
    for (const [name, example] of examples) if (isObject(example.input)) add(inputs.tools, id, name, example.input);
  for (const [id, examples] of inlineExamples(document, 'prompts', 'examples'))
    for (const [name, example] of examples) {
      const args = example.arguments === undefined ? {} : example.arguments;
      if (isStringMap(args)) add(inputs.prompts, id, name, args);
    }
  for (const [id, examples] of inlineExamples(document, 'resourceTemplates', 'examples'))
    for (const [name, example] of examples)
      if (typeof example.uri === 'string') add(inputs.resourceTemplates, id, name, example.uri);
  for (const collection of Object.keys(inputs.completions!) as CompletionCollection[])
    for (const [id, examples] of inlineExamples(document, collection, 'completionExamples'))
      for (const [name, example] of examples) {
        const argument = example.argument;
        if (!isObject(argument) || typeof argument.name !== 'string' || typeof argument.value !== 'string') continue;
        const request: CompletionInput = { argument: { name: argument.name, value: argument.value } };
        if (isObject(example.context) && isStringMap(example.context.arguments))
          request.context = { arguments: { ...example.context.arguments } };
        add(inputs.completions![collection], id, name, request);
      }
  return inputs;
}

/** The inputs file's inputs over the existing examples', with the source of each existing one. */
export function combineInputs(
  file: RecordInputs | undefined,
  existing: RecordInputs,
): { inputs: RecordInputs; sources: Map<string, InputSource> } {
  const inputs = emptyInputs();
  const sources = new Map<string, InputSource>();
  const sections = (from: RecordInputs | undefined) =>
    [
      ['tools', from?.tools, inputs.tools],
      ['prompts', from?.prompts, inputs.prompts],
      ['resourceTemplates', from?.resourceTemplates, inputs.resourceTemplates],
      ['completions.prompts', from?.completions?.prompts, inputs.completions!.prompts],
      ['completions.resourceTemplates', from?.completions?.resourceTemplates, inputs.completions!.resourceTemplates],
    ] as [string, Record<string, Record<string, unknown>> | undefined, Record<string, Record<string, unknown>>][];
  for (const [section, from, into] of sections(existing))
    for (const id of Object.keys(from ?? {}))
      for (const name of Object.keys(from![id]!)) {
        if (!Object.prototype.hasOwnProperty.call(into, id)) setOwn(into, id, {});
        setOwn(into[id]!, name, from![id]![name]);
        sources.set(inputSourceKey(section, id, name), 'existing-example');
      }
  for (const [section, from, into] of sections(file))
    for (const id of Object.keys(from ?? {}))
      for (const name of Object.keys(from![id]!)) {
        if (!Object.prototype.hasOwnProperty.call(into, id)) setOwn(into, id, {});
        setOwn(into[id]!, name, from![id]![name]);
        sources.delete(inputSourceKey(section, id, name));
      }
  if (file?.volatile) inputs.volatile = file.volatile;
  return { inputs, sources };
}
