import { ErrorCodes, ResponseError, type Position, type Range } from 'vscode-languageserver';
import { isObject } from 'mcpdesc-core/model';

/** Reads one field of a request's params, or throws what is wrong with it (the text after the field's name). */
type Field<T> = (value: unknown) => T;

class Malformed extends Error {}

const shown = (value: unknown): string => {
  if (value === undefined) return 'nothing';
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 60 ? `${json.slice(0, 57)}...` : json;
};

/** LSP's uinteger: a line or a character offset. */
const uinteger = (value: unknown): number => {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 0x7fffffff) return value;
  throw new Malformed(`must be an integer from 0 to 2147483647, found ${shown(value)}`);
};

function object<T>(fields: { [K in keyof T]: Field<T[K]> }): Field<T> {
  return (value) => {
    if (!isObject(value)) throw new Malformed(`must be an object, found ${shown(value)}`);
    const out = {} as T;
    for (const name of Object.keys(fields) as (keyof T & string)[]) {
      try {
        out[name] = fields[name](value[name]);
      } catch (error) {
        if (error instanceof Malformed) throw new Malformed(`.${name} ${error.message}`.replace(/^\.(\S+) \./, '.$1.'));
        throw error;
      }
    }
    return out;
  };
}

export const string: Field<string> = (value) => {
  if (typeof value === 'string') return value;
  throw new Malformed(`must be a string, found ${shown(value)}`);
};
export const boolean: Field<boolean> = (value) => {
  if (typeof value === 'boolean') return value;
  throw new Malformed(`must be true or false, found ${shown(value)}`);
};
export const textDocument = object<{ uri: string }>({ uri: string });
export const position = object<Position>({ line: uinteger, character: uinteger });
export const range = object<Range>({ start: position, end: position });
export const referenceContext = object<{ includeDeclaration: boolean }>({ includeDeclaration: boolean });

/**
 * A request's params, checked against the fields its handler reads: a malformed request is
 * answered InvalidParams (-32602) naming the field and the value found, never an internal error
 * from a handler that trusted it. Only the fields named are returned.
 */
export function requestParams<T>(method: string, params: unknown, fields: { [K in keyof T]: Field<T[K]> }): T {
  try {
    return object(fields)(params);
  } catch (error) {
    if (!(error instanceof Malformed)) throw error;
    const where = error.message.startsWith('.') ? `params${error.message}` : `params ${error.message}`;
    throw new ResponseError(ErrorCodes.InvalidParams, `${method}: ${where}`);
  }
}
