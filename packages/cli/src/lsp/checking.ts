import { MessageType, ShowMessageNotification, type Connection } from 'vscode-languageserver';
import { type Diagnostic, revisions, defaultSpecVersion } from 'mcpdesc-core/model';
import { lint, lintValue } from 'mcpdesc-core/lint';
import type { ParseResult } from 'mcpdesc-core/source';
import { createSchemaService } from 'mcpdesc-core/validate';
import { configReader } from './config-reads.js';
import { toLspDiagnostic } from './diagnostics.js';
import type { DocumentState, DocumentStore } from './document-store.js';
import { quickRecheck } from './incremental.js';
import { latestPublications } from './latest-publications.js';
import type { FullCheckOptions, FullCheckResult, ServerOptions } from './server-types.js';

/** Quiet time after a quick re-check before the exact whole-document check that confirms it. */
const exactDelayMs = 400;
/** Quick re-checks in a row before the text is decoded whole again (each adds a step to source-map lookups). */
const maxSplices = 32;

type Schemas = ReturnType<typeof createSchemaService>;

/** Whether two finished (sorted) lists hold the same findings at the same places. */
function sameFindings(a: readonly Diagnostic[], b: readonly Diagnostic[]): boolean {
  if (a.length !== b.length) return false;
  const place = (d: Diagnostic): string =>
    d.range ? `${d.range.start.line}:${d.range.start.column}-${d.range.end.line}:${d.range.end.column}` : '';
  return a.every((d, i) => {
    const e = b[i]!;
    return (
      d === e ||
      (d.rule === e.rule &&
        d.code === e.code &&
        d.severity === e.severity &&
        d.pointer === e.pointer &&
        d.message === e.message &&
        place(d) === place(e))
    );
  });
}

/** The checks of open descriptions and the publication of their findings. */
export interface Checker {
  /** Checks the document after `delay` ms of quiet (an edit's debounce; 0 when it is opened). */
  schedule(uri: string, delay: number): void;
  /** Drops a document's pending checks and publishes that it has no findings (closed). */
  forget(uri: string, state: DocumentState): void;
  /** After `shutdown`: every pending check dropped, none started. */
  stop(): void;
  /** Compiles the structural schema once, off the first check's path. */
  warmUp(): void;
}

export function createChecker(connection: Connection, store: DocumentStore, options: ServerOptions): Checker {
  const { documents, states } = store;
  const schemas = createSchemaService();
  const configFor = configReader(options.findConfig, options.configTimeoutMs ?? 2000);
  const reportedProblems = new Set<string>();
  const publish = latestPublications((params) => connection.sendDiagnostics(params));
  let stopped = false;
  let warm = false;

  const fullCheck = (
    text: string,
    check: FullCheckOptions & { schemas: Schemas },
  ): Promise<FullCheckResult | undefined> => {
    if (options.fullCheck) {
      const { schemas: _, ...transferable } = check;
      return options.fullCheck(text, transferable);
    }
    return Promise.resolve({ diagnostics: lint(text, check).diagnostics });
  };

  /** Says a problem once (a configuration that cannot be used, a check stopped at its bound), as a notification. */
  const reportProblem = (problem: string | undefined): void => {
    if (problem === undefined || reportedProblems.has(problem)) return;
    reportedProblems.add(problem);
    // A notification, not window/showMessageRequest: there is nothing to choose.
    void connection.sendNotification(ShowMessageNotification.type, {
      type: MessageType.Error,
      message: `mcpdesc: ${problem}`,
    });
  };

  const checkLater = (uri: string, quick: boolean, delay: number): ReturnType<typeof setTimeout> =>
    setTimeout(() => {
      check(uri, quick).catch((error: unknown) => connection.console.error(`mcpdesc: ${String(error)}`));
    }, delay);

  /**
   * Checks the document's current version and publishes its findings. `quick` allows the
   * declaration-only re-check of an edit inside one declaration (then an exact check follows
   * when the typing pauses); without it, or when the edit is not of that kind, the whole text
   * is checked (by `options.fullCheck`, off the main thread when the host provides one).
   */
  async function check(uri: string, quick: boolean): Promise<void> {
    const document = documents.get(uri);
    const state = states.get(uri);
    if (!document || !state || stopped) return;
    const checkedVersion = document.version;
    const found = await configFor(uri);
    if (found.error !== undefined) reportProblem(`${found.error}; using the recommended preset`);
    // A newer edit (or a close) while the configuration was read: its own check publishes.
    const isCurrent = (): boolean => documents.get(uri)?.version === checkedVersion && states.get(uri) === state;
    if (!isCurrent()) return;
    const text = document.getText();
    const lintOptions = {
      filename: uri,
      schemas,
      ...(found.config ? { config: found.config } : {}),
      ...(found.configFile ? { configFile: found.configFile } : {}),
      ...(found.path !== undefined ? { path: found.path } : {}),
    };
    const edited = { text, offsetAt: document.offsetAt.bind(document), positionAt: document.positionAt.bind(document) };
    // A JavaScript configuration is loaded by the checker thread only: no quick re-check here.
    const recheck =
      quick && state.basis && !found.configFile ? quickRecheck(state.basis, edited, lintOptions) : undefined;
    clearTimeout(state.exactTimer);
    let diagnostics: Diagnostic[] | undefined;
    let parsed: ParseResult;
    let splices = 0;
    if (recheck) {
      ({ diagnostics, parsed, splices } = recheck);
      state.parsed = { version: checkedVersion, result: parsed };
      state.lastDecoded = parsed.document;
      state.exactTimer = checkLater(uri, false, exactDelayMs);
    } else {
      const checked = await fullCheck(text, lintOptions);
      reportProblem(checked?.problem);
      // Checked off the main thread: the document may have moved on meanwhile.
      if (!checked || !isCurrent()) return;
      diagnostics = checked.diagnostics;
      const spliced = state.parsed?.version === checkedVersion && state.basis?.parsed === state.parsed.result;
      if (spliced && state.basis!.splices < maxSplices) {
        // The spliced decoding of this very text stays: decoding a large text again would block typing.
        parsed = state.basis!.parsed;
        splices = state.basis!.splices;
      } else {
        if (spliced) state.parsed = undefined;
        parsed = store.parse(document);
      }
    }
    const unchanged = state.basis?.text === text && sameFindings(state.diagnostics, diagnostics);
    state.diagnostics = diagnostics;
    state.basis = { text, parsed, diagnostics, splices };
    // The exact check of a quick result publishes only what it corrects: one publication per version otherwise.
    if (unchanged) return;
    publish({ uri, version: checkedVersion, diagnostics: diagnostics.map(toLspDiagnostic) });
  }

  return {
    schedule(uri, delay) {
      const state = states.get(uri);
      if (!state || stopped) return;
      clearTimeout(state.timer);
      state.timer = checkLater(uri, true, delay);
    },
    forget(uri, state) {
      clearTimeout(state.timer);
      clearTimeout(state.exactTimer);
      publish({ uri, diagnostics: [] });
    },
    stop() {
      stopped = true;
      for (const state of states.values()) {
        clearTimeout(state.timer);
        clearTimeout(state.exactTimer);
      }
    },
    /**
     * Whole texts are checked on the host's worker thread; the quick re-checks run here. The
     * first would pay for compiling the structural schema: a tiny document compiles it once, while
     * the first whole-text check runs.
     */
    warmUp() {
      if (warm) return;
      warm = true;
      setTimeout(() => {
        const tool = { name: 'warm-up', inputSchema: { type: 'object' } };
        lintValue(
          {
            mcpdesc: defaultSpecVersion,
            info: { name: 'warm-up', version: '1' },
            protocolVersions: [...revisions],
            tools: [tool],
          },
          { schemas },
        );
      }, 0);
    },
  };
}
