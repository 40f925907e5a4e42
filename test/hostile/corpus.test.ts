import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { runCli } from '../helpers/cli.js';
import { hostileCorpus, type HostileCase } from './corpus.js';

/**
 * Every command on every case of the hostile corpus (issue 15): no internal error, and each
 * command within 2 s of CPU time, each case's process within 1 GB of resident memory, or a
 * refusal (a source.limit diagnostic) within the same bounds. CPU time, not wall time: eight
 * sessions share this machine's two cores, and a single-threaded run's CPU time is what its wall
 * time is on an idle machine. Each case runs in its own child process, so its peak RSS is its own.
 */
const cpuBoundMs = 2_000;
const rssBoundKb = 1024 * 1024;

/** The commands, as argument lists for a case's file (and the other file for merge and diff). */
function commandsFor(c: HostileCase): string[][] {
  const other = c.other === undefined ? c.file : `other-${c.file}`;
  const protocol = ['--protocol', '2025-11-25'];
  return [
    ['validate', c.file],
    ['lint', c.file],
    ['convert', c.file, '--to', c.file.endsWith('.yaml') ? 'json' : 'yaml'],
    ['resolve', c.file],
    ['bundle', c.file],
    ['project', c.file, ...protocol],
    ['native', c.file, ...protocol],
    ['compat', c.file, '--client', '{"sampling":{}}', ...protocol],
    ['merge', c.file, other],
    ['diff', c.file, other],
    ['migrate', c.file],
    ['docs', c.file],
    ['docs', c.file, '--markdown'],
    ['rules', 'mcpdesc.' + c.name],
  ];
}

interface CommandFigure {
  args: string[];
  code: number;
  cpuMs: number;
  wallMs: number;
  internalError: boolean;
  refused: boolean;
}

interface CaseFigure {
  name: string;
  commands: CommandFigure[];
  maxRssKb: number;
}

/** In the child: runs every command on one case and prints the figures as JSON. */
async function runCase(name: string): Promise<void> {
  const c = hostileCorpus().find((h) => h.name === name)!;
  const files: Record<string, string> = { [c.file]: c.text };
  if (c.other !== undefined) files[`other-${c.file}`] = c.other;
  const commands: CommandFigure[] = [];
  for (const args of commandsFor(c)) {
    const wall = performance.now();
    const cpu = process.cpuUsage();
    const run = await runCli(args, { files, filesOnly: true });
    const used = process.cpuUsage(cpu);
    commands.push({
      args: args.map((a) => (a.length > 40 ? a.slice(0, 40) + '…' : a)),
      code: run.code,
      cpuMs: Math.round((used.user + used.system) / 1000),
      wallMs: Math.round(performance.now() - wall),
      internalError: /internal error|Maximum call stack|at .*\.js:\d+/.test(run.stderr),
      refused: run.stderr.includes('source.limit'),
    });
  }
  const figure: CaseFigure = { name, commands, maxRssKb: process.resourceUsage().maxRSS };
  process.stdout.write(JSON.stringify(figure));
}

function runChild(c: HostileCase): Promise<CaseFigure> {
  const name = c.name;
  const heap = c.heapMb === undefined ? [] : [`--max-old-space-size=${c.heapMb}`];
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [...heap, fileURLToPath(import.meta.url), '--case', name],
      { maxBuffer: 16 * 1024 * 1024, timeout: 120_000 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`case ${name}: ${error.message}\n${stderr.slice(0, 2000)}`));
        else resolve(JSON.parse(stdout) as CaseFigure);
      },
    );
  });
}

const caseArgument = process.argv.indexOf('--case');
if (caseArgument > 0) {
  await runCase(process.argv[caseArgument + 1]!);
} else {
  // Two cases at a time: the machine has two cores.
  it('every case that changes the bound or the heap says why', () => {
    for (const c of hostileCorpus()) {
      assert.equal(c.cpuBoundMs === undefined, c.boundReason === undefined, `${c.name}: cpuBoundMs with boundReason`);
      assert.equal(c.heapMb === undefined, c.heapReason === undefined, `${c.name}: heapMb with heapReason`);
    }
  });
  describe('hostile corpus', { concurrency: 2 }, () => {
    for (const c of hostileCorpus()) {
      const bound = c.cpuBoundMs ?? cpuBoundMs;
      it(`${c.name} (finding ${c.finding}) stays within ${bound / 1000} s CPU and 1 GB on every command`, async () => {
        const figure = await runChild(c);
        const problems: string[] = [];
        for (const command of figure.commands) {
          const label = `mcpdesc ${command.args.join(' ')}`;
          if (command.internalError) problems.push(`${label}: internal error (exit ${command.code})`);
          if (command.cpuMs > bound) problems.push(`${label}: ${command.cpuMs} ms CPU (wall ${command.wallMs} ms)`);
        }
        if (figure.maxRssKb > rssBoundKb) problems.push(`peak RSS ${Math.round(figure.maxRssKb / 1024)} MB`);
        assert.deepEqual(problems, []);
        if (process.env['HOSTILE_FIGURES'] === '1') console.log(JSON.stringify(figure));
      });
    }
  });
}
