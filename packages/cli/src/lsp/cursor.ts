import { isObject } from 'mcpdesc-core/model';
import { jsonCursor } from './cursor-json.js';
import { yamlCursor } from './cursor-yaml.js';
import type { CursorContext, PathSegment, ScanMeter } from './cursor-context.js';

export type { CursorContext, PathSegment, ScanMeter } from './cursor-context.js';

export function cursorContext(
  text: string,
  offset: number,
  format: 'json' | 'yaml',
  meter?: ScanMeter,
): CursorContext | undefined {
  return format === 'json' ? jsonCursor(text, offset, meter) : yamlCursor(text, offset, meter);
}

/** The value at `path` of a decoded document (undefined where there is none). */
export function valueAtPath(document: unknown, path: readonly PathSegment[]): unknown {
  let value = document;
  for (const segment of path) {
    if (Array.isArray(value)) value = value[Number(segment)];
    else if (isObject(value) && Object.prototype.hasOwnProperty.call(value, String(segment)))
      value = value[String(segment)];
    else return undefined;
  }
  return value;
}
