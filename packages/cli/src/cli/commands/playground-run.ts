import { checkOutput, filenameOf, readDocument, reportDiagnostics, writeText } from '../document-io.js';
import { ExitCode, type CliIO } from '../io.js';
import { limitsFromOptions } from '../limits-options.js';

export interface PlaygroundCommandOptions {
  output?: string;
  maxBytes?: string;
}

/** Writes the playground page with FILE's text (or the example) in its editor. */
export async function runPlayground(
  file: string | undefined,
  options: PlaygroundCommandOptions,
  io: CliIO,
): Promise<number> {
  const { maxBytes } = limitsFromOptions({ maxBytes: options.maxBytes });
  await checkOutput(io, options.output);
  const { readPlaygroundScript } = await import('../../playground/bundle.js');
  const script = await readPlaygroundScript();
  const { initialText } = await import('../../playground/initial-text.js');
  let initial;
  if (file === undefined) {
    initial = initialText((await import('../../playground/example.js')).exampleDescription);
  } else {
    // The text is not decoded here: an invalid document is what the page is for.
    const read = await readDocument(file, io, maxBytes);
    if (read.tooLarge) {
      await reportDiagnostics(io, [{ file, text: '' }], [read.tooLarge], 'playground');
      return ExitCode.failed;
    }
    initial = initialText(read.bytes, filenameOf(file));
  }
  const source = file === undefined ? 'built-in example' : file === '-' ? 'standard input' : file;
  const { renderPlayground } = await import('../../playground/page.js');
  await writeText(io, renderPlayground({ script, initial, source }), options.output, 'html');
  return ExitCode.success;
}
