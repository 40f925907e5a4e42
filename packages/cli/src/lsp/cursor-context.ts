/**
 * What the cursor scans return: cursor.ts dispatches to cursor-json.ts and cursor-yaml.ts, and all
 * three share these types from here, so the scanners do not import their dispatcher.
 */
export type PathSegment = string | number;

/**
 * Where a completion request's cursor sits, read from the text alone (so that it works while the
 * text does not parse): in a key of the object at `path`, or in the value of its member `key`
 * (an item index when `path` names an array). `item` is a YAML `- ` entry whose shape the schema
 * decides (an object's first key, or a scalar item).
 */
export interface CursorContext {
  kind: 'key' | 'value' | 'item' | 'none';
  /** The container: the object whose key is typed, or the object or array whose value is. */
  path: PathSegment[];
  key?: PathSegment;
  /** Offsets of the token being typed (inside its quotes, if any): what a completion replaces. */
  start: number;
  end: number;
  /** The token's text before the cursor. */
  prefix: string;
  /** The quote the token is inside. */
  quote?: '"' | "'";
  /**
   * Keys present in the object at `path`: in a key, the one being typed excluded; in a member's
   * value, every key, the member's own included. Empty in an array.
   */
  siblings: Set<string>;
  /** Items the text shows in the array at `path` (the cursor's included), when `key` is an item index. */
  items?: number;
}

/**
 * Characters a cursor scan read, each time it read them (at most: a line visited counts whole): the
 * tests hold it to a small multiple of the text's length, as hover and completion scan on every request.
 */
export interface ScanMeter {
  characters: number;
}
