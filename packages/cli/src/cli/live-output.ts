/**
 * The one way the live commands (capture, verify, mock) print and write: every report, message,
 * log line and error passes their Redactor first, so a secret the server echoed never reaches a
 * formatter, the terminal or a file. The command files never touch `io.stdout`, `io.stderr` or
 * a report formatter themselves (test/live/redaction.test.ts checks it).
 */
import {
  formatReport,
  formatReportPieces,
  type FormatName,
  type FormatOptions,
  type Report,
  type SourceLines,
} from 'mcpdesc-core/report';
import type { Diagnostic } from 'mcpdesc-core/model';
import type { Redactor } from '../live/redaction.js';
import { reportDiagnostics, writeDocument, writeText, type DocumentOutput, type ReportedInput } from './document-io.js';
import type { CliIO } from './io.js';

export class LiveOutput {
  constructor(
    private readonly io: CliIO,
    readonly redactor: Redactor,
  ) {}

  /** A message or log line on standard error. */
  stderr(text: string): void {
    this.io.stderr(this.redactor.text(text));
  }

  /** The progress line of a terminal, when there is one. */
  get progress(): ((line: string) => void) | undefined {
    const draw = this.io.progress;
    return draw ? (line) => draw(this.redactor.text(line)) : undefined;
  }

  /** A report in a format, on standard output or in `output`. */
  async report(format: FormatName, report: Report, options: FormatOptions, output: string | undefined): Promise<void> {
    const pieces = formatReportPieces(format, this.redactor.value(report), this.redactedOptions(options));
    // Every report format neutralises its own output (report/index.ts).
    await writeText(this.io, pieces, output, 'neutral');
  }

  /** A report in the stylish format on standard error. */
  reportOnStderr(report: Report, options: FormatOptions): void {
    this.io.stderr(
      this.redactor.text(formatReport('stylish', this.redactor.value(report), this.redactedOptions(options))),
    );
  }

  /** Diagnostics of the inputs on standard error (document-io's reportDiagnostics), redacted. */
  async diagnostics(
    inputs: readonly ReportedInput[],
    diagnostics: readonly (Diagnostic & { input?: number })[],
    outputName: string,
  ): Promise<void> {
    const masked = inputs.map((input) => ({ ...input, text: this.redactor.mask(input.text) }));
    await reportDiagnostics(this.io, masked, this.redactor.value(diagnostics), outputName);
  }

  /**
   * A captured document: already redacted member by member (Redactor.document), so it is written
   * as it is; a textual pass would corrupt what the tool wrote itself (the transport's `type`).
   */
  async document(document: unknown, target: DocumentOutput): Promise<void> {
    await writeDocument(this.io, document, target);
  }

  /** Runs a command's body; an error on its way out (a usage error, a crash) has its message redacted too. */
  async guard<T>(body: () => Promise<T>): Promise<T> {
    try {
      return await body();
    } catch (error) {
      // Changed in place: the error keeps its class, and with it its exit code.
      if (error instanceof Error) {
        error.message = this.redactor.text(error.message);
        if (error.stack !== undefined) error.stack = this.redactor.text(error.stack);
      }
      throw error;
    }
  }

  private redactedOptions(options: FormatOptions): FormatOptions {
    const sources = options.sources;
    if (!sources) return options;
    // Masked to the same length, so the ranges into the text still point at the same characters.
    const masked = new Map<string, string | SourceLines>();
    for (const [file, source] of sources) {
      const lineText = (line: number) => {
        const text = typeof source === 'string' ? undefined : source.lineText(line);
        return text === undefined ? undefined : this.redactor.mask(text);
      };
      masked.set(file, typeof source === 'string' ? this.redactor.mask(source) : { lineText });
    }
    return { ...options, sources: masked };
  }
}
