/**
 * verify's shared vocabulary: the public options and result types, the per-revision tally, the
 * declared expectation's shapes, and the finding sink every check room pushes to.
 */
import type { NodeName, PrimitiveCollection, JsonObject } from 'mcpdesc-core/model';
import { type ConnectOptions, type LiveSession } from '../connect.js';
import { type FindingInit, type LiveFinding } from '../findings.js';
import { type ResultsOptions } from '../results.js';

export type CallPolicy = 'read-only' | 'all' | 'none';

export interface VerifyOptions extends ConnectOptions {
  /** Revisions to check (default: every revision of the description). */
  revisions?: readonly string[];
  /** Which tools may be called: read-only ones (default), all (dangerous), none. */
  call?: CallPolicy;
  maxPages?: number;
  maxItems?: number;
  maxBytes?: number;
  /** Most requests the contract (and results) checks make per revision (default 1000). */
  maxCalls?: number;
  /** Compare live results with the recorded examples (--results). */
  results?: ResultsOptions;
}

/** The contract checks' request bound per revision when --max-calls is not given. */
export const defaultVerifyMaxCalls = 1000;

export interface VerifyResult {
  ok: boolean;
  revisions: string[];
  findings: LiveFinding[];
  /** Tools called, by name (for audits and tests). */
  called: string[];
  /** What was checked per revision: drift, contract, hygiene (the report's summary). */
  checks: VerifyCheck[];
}

/** One check of one revision, with its outcome and the findings it produced. */
export interface VerifyCheck {
  revision: string;
  check: 'drift' | 'contract' | 'results' | 'hygiene';
  status: 'passed' | 'failed' | 'skipped';
  /** What was compared, called or checked; for a skipped check, why. */
  detail: string;
  findings: LiveFinding[];
}

/** What one revision's verification covered, counted as it runs. */
export interface Tally {
  /** Per collection: listed by the server, declarations compared. */
  listed: Map<PrimitiveCollection, number>;
  compared: Map<PrimitiveCollection, number>;
  capabilities: boolean;
  calls: { examples: number; negative: number; reads: number; gets: number; completions: number };
  /** verify --results: examples compared, and examples not compared (not recorded). */
  results: { compared: number; drifted: number; unrecorded: number };
  /** Reasons tools were not called, with the tools. */
  notCalled: Map<string, string[]>;
  hygiene: string[];
}

export function newTally(): Tally {
  return {
    listed: new Map(),
    compared: new Map(),
    capabilities: false,
    calls: { examples: 0, negative: 0, reads: 0, gets: 0, completions: 0 },
    results: { compared: 0, drifted: 0, unrecorded: 0 },
    notCalled: new Map(),
    hygiene: [],
  };
}

export function skip(tally: Tally, reason: string, tool: string): void {
  const tools = tally.notCalled.get(reason) ?? [];
  tools.push(tool);
  tally.notCalled.set(reason, tools);
}

export interface Declared {
  /** The declaration's view for the revision, components resolved (examples for the contract checks). */
  entry: JsonObject;
  /** Its native form (what a server lists): MCP Description-only fields and `x-*` removed. */
  wire: JsonObject;
  pointer: string;
}

/** What the description says about one revision, in the form a server can be compared with. */
export interface Expectation {
  declared: Record<PrimitiveCollection, Map<string, Declared> | undefined>;
  /** The Capabilities Object applying to the revision, as MCP ServerCapabilities (no protocolVersions, no x-*). */
  capabilities?: { index: number; value: JsonObject };
}

export type Push = <C extends string>(init: FindingInit<C>) => void;

export function listBoundsOf(options: VerifyOptions): Pick<VerifyOptions, 'maxPages' | 'maxItems' | 'maxBytes'> {
  return { maxPages: options.maxPages, maxItems: options.maxItems, maxBytes: options.maxBytes };
}

/**
 * What every check room of one revision shares, in place of long parameter lists: the options, the
 * connection, the finding sink, the tally, the request budget and the description's expectation.
 */
export interface VerifyContext {
  options: VerifyOptions;
  session: LiveSession;
  revision: string;
  /** Adds a finding, tagged with the revision. */
  push: Push;
  /** Adds a finding made elsewhere (raw-list), already tagged. */
  add: (finding: LiveFinding) => void;
  /** Tools called, by name, across revisions. */
  called: string[];
  tally: Tally;
  /** Takes one request from the budget; false once --max-calls is spent (reported once). */
  budget: () => boolean;
  /** Compares a live result of kind `result` (a kind of the shape tree) with the example's recording (--results). */
  compare?: (label: string, pointer: string, example: JsonObject, live: JsonObject, result: NodeName) => void;
  expected: Expectation;
}
