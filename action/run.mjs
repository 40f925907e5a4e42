// Entry of the mcpdesc GitHub Action. Plain Node (no dependencies): it runs the built CLI for
// lint (annotations via --format github, SARIF to a file), an optional diff against a base,
// and keeps one pull-request comment per workflow up to date, found by a hidden marker.
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const env = process.env;
/** GitHub names inputs INPUT_<NAME> keeping hyphens; action.yml passes them with underscores. */
const input = (name, fallback = '') => {
  const key = `INPUT_${name.toUpperCase()}`;
  return (env[key] ?? env[key.replace(/-/g, '_')] ?? fallback).trim();
};
const cli = env.MCPDESC_BIN || new URL('../packages/cli/dist/bin/mcpdesc.js', import.meta.url).pathname;
/** A comment holding this line is ours: updated in place, never posted twice. */
export const MARKER = '<!-- mcpdesc-action: diff -->';
const MAX_COMMENT_PAGES = 20;

function run(args) {
  const result = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { code: result.status ?? 2, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}

function warning(message) {
  process.stdout.write(
    `::warning title=mcpdesc::${message.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}\n`,
  );
}

function summary(markdown) {
  if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, `${markdown}\n`);
}

/** The base description: a file, or `ref:path` read through git (a ref such as origin/main). */
function baseFile(base, file) {
  if (!base) return undefined;
  if (!base.startsWith('ref:')) return base;
  const ref = base.slice('ref:'.length);
  const shown = spawnSync('git', ['show', `${ref}:${file}`], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  // A description new in this change has no base: it is reported as new, not diffed.
  if (shown.status !== 0) return null;
  const path = join(mkdtempSync(join(tmpdir(), 'mcpdesc-base-')), file.replace(/^.*[\\/]/, ''));
  writeFileSync(path, shown.stdout);
  return path;
}

async function api(method, path, body) {
  const url = `${(env.GITHUB_API_URL || 'https://api.github.com').replace(/\/$/, '')}${path}`;
  const response = await fetch(url, {
    method,
    headers: {
      accept: 'application/vnd.github+json',
      authorization: `Bearer ${env.GITHUB_TOKEN}`,
      'content-type': 'application/json',
      'x-github-api-version': '2022-11-28',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? safeJson(text) : undefined };
}

function safeJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Posts or updates the comment; returns 'created' | 'updated' | 'summary' (degraded). */
export async function upsertComment(body) {
  const event = env.GITHUB_EVENT_PATH ? safeJson(readFileSync(env.GITHUB_EVENT_PATH, 'utf8')) : undefined;
  const pr = event?.pull_request;
  if (!pr) return 'none';
  const repo = pr.base?.repo?.full_name ?? env.GITHUB_REPOSITORY;
  const fork = pr.head?.repo?.full_name !== undefined && pr.head.repo.full_name !== repo;
  const degrade = (why) => {
    warning(`could not comment on the pull request (${why}); the changelog is in the job summary`);
    summary(body);
    return 'summary';
  };
  if (!env.GITHUB_TOKEN) return degrade('no token');
  if (fork) return degrade('pull request from a fork: the token is read-only');
  let existing;
  for (let page = 1; page <= MAX_COMMENT_PAGES && !existing; page++) {
    const list = await api('GET', `/repos/${repo}/issues/${pr.number}/comments?per_page=100&page=${page}`);
    if (list.status !== 200 || !Array.isArray(list.json)) return degrade(`listing comments: HTTP ${list.status}`);
    existing = list.json.find((c) => typeof c.body === 'string' && c.body.includes(MARKER));
    if (list.json.length < 100) break;
  }
  const sent = existing
    ? await api('PATCH', `/repos/${repo}/issues/comments/${existing.id}`, { body })
    : await api('POST', `/repos/${repo}/issues/${pr.number}/comments`, { body });
  if (sent.status >= 300) return degrade(`HTTP ${sent.status}`);
  return existing ? 'updated' : 'created';
}

async function main() {
  const files = input('files').split(/\s+/).filter(Boolean);
  if (files.length === 0) {
    process.stdout.write('::error title=mcpdesc::the files input is empty\n');
    return 2;
  }
  const common = [];
  if (input('config')) common.push('--config', input('config'));
  let failed = false;

  if (input('lint', 'true') !== 'false') {
    const lintArgs = [...common];
    if (input('preset')) lintArgs.push('--preset', input('preset'));
    if (input('fail-severity')) lintArgs.push('--fail-severity', input('fail-severity'));
    const annotations = run(['lint', '--format', 'github', ...lintArgs, ...files]);
    process.stdout.write(annotations.stdout);
    process.stderr.write(annotations.stderr);
    if (input('sarif')) {
      const sarif = run(['lint', '--format', 'sarif', '-o', input('sarif'), ...lintArgs, ...files]);
      process.stderr.write(sarif.stderr);
    }
    if (annotations.code !== 0) failed = true;
  }

  const base = input('base');
  if (base) {
    const failOn = input('fail-on', 'breaking');
    const sections = [MARKER, '## mcpdesc: description changes', ''];
    for (const file of files) {
      const old = baseFile(base, file);
      if (old === null) {
        sections.push(`### ${file}`, '', 'New description (no base to compare).', '');
        continue;
      }
      const diff = run(['diff', '--format', 'markdown', '--fail-on', failOn, ...common, old, file]);
      process.stderr.write(diff.stderr);
      const verdict =
        diff.code === 0 ? 'passes' : diff.code === 1 ? `fails (--fail-on ${failOn})` : 'could not be compared';
      sections.push(`### ${file}`, '', `Verdict: **${verdict}**`, '', diff.stdout.trim() || '_No changes._', '');
      if (diff.code !== 0) failed = true;
    }
    const body = sections.join('\n');
    if (input('comment', 'true') !== 'false')
      process.stdout.write(`mcpdesc: pull-request comment ${await upsertComment(body)}\n`);
    else summary(body);
  }
  return failed ? 1 : 0;
}

if (import.meta.url === new URL(process.argv[1], 'file:').href) {
  process.exitCode = await main();
}
