import assert from 'node:assert/strict';
import { test } from 'node:test';
import { matchExpansion, matchesExpansion, parseUriTemplate } from 'mcpdesc-core/internal/validate/uri-template.js';

test('parseUriTemplate: operators, lists, modifiers and variable identity', () => {
  const parsed = parseUriTemplate('repo://{+owner}{/repository:3}{?issue*,state}{#frag}%20x');
  assert.ok(parsed.ok);
  assert.deepEqual(parsed.variables, ['owner', 'repository', 'issue', 'state', 'frag']);
  assert.deepEqual(parseUriTemplate('{owner,repository}').ok && parseUriTemplate('{owner,repository}'), {
    ok: true,
    variables: ['owner', 'repository'],
    parts: [
      {
        type: 'expression',
        operator: '',
        index: 0,
        text: '{owner,repository}',
        varspecs: [
          { name: 'owner', explode: false },
          { name: 'repository', explode: false },
        ],
      },
    ],
  });
  assert.ok(parseUriTemplate('{a.b_c%41}').ok);
  assert.ok(parseUriTemplate('http://é/{x}').ok);
});

test('parseUriTemplate: syntax errors with their index', () => {
  const cases: [string, number][] = [
    ['test://items/{id', 13],
    ['repo://{owner/{repository}', 13],
    ['{}', 0],
    ['{=a}', 1],
    ['a}b', 1],
    ['{a:0}', 3],
    ['{a:10000}', 3],
    ['{a:01}', 3],
    ['{a.}', 2],
    ['{a..b}', 3],
    ['{a%2}', 2],
    ['x y', 1],
    ['x%zz', 1],
    ['{a*:3}', 3],
    ['{a b}', 2],
  ];
  for (const [template, index] of cases) {
    const parsed = parseUriTemplate(template);
    assert.equal(parsed.ok, false, template);
    if (!parsed.ok) assert.equal(parsed.index, index, template);
  }
});

test("matchesExpansion follows each operator's expansion rules", () => {
  const cases: [string, string, boolean][] = [
    ['chess://games/{game_id}', 'chess://games/example-1234', true],
    ['chess://games/{game_id}', 'chess://players/example-1234', false],
    ['chess://games/{game_id}', 'chess://games/a/b', false],
    ['chess://games/{game_id}', 'chess://games/a%2Fb', true],
    ['repo://{owner}/{repository}/issues/{issue}', 'repo://a/b/issues/12', true],
    ['http://x{/a,b}', 'http://x/1/2', true],
    ['http://x{/a,b}', 'http://x', true],
    ['http://x{?a,b}', 'http://x?b=2', true],
    ['http://x{?a,b}', 'http://x?c=2', false],
    ['http://x{?a,b}', 'http://x?a=1&b=2', true],
    ['http://x{?a,b}', 'http://x?b=2&a=1', false],
    ['http://x{?list*}', 'http://x?list=1&list=2', true],
    ['http://x{&a}', 'http://x&a=', true],
    ['http://x{+path}', 'http://x/foo/bar?x', true],
    ['http://x{path}', 'http://x/foo', false],
    ['http://x/{id:3}', 'http://x/abc', true],
    ['http://x/{id:3}', 'http://x/abcd', false],
    ['{;x,y}', ';x=1;y', true],
    ['{;x}', ';y=1', false],
    ['{#frag}', '#a/b', true],
    ['{.ext*}', '.a.b', true],
    ['é{x}', '%C3%A9a', true],
    ['é{x}', 'éa', true],
    ['{x}', 'é', false],
  ];
  for (const [template, uri, expected] of cases)
    assert.equal(matchesExpansion(template, uri), expected, `${template} ~ ${uri}`);
  assert.equal(matchExpansion('test://items/{id', 'test://items/1'), 'invalid-template');
});

test('matching is linear and bounded on adversarial input', () => {
  const template = '{a}{b}{c}{d}{e}{f}{g}{h}{i}{j}'.repeat(10);
  const started = Date.now();
  assert.equal(matchesExpansion(template, 'x'.repeat(10_000) + '!'), false);
  assert.ok(Date.now() - started < 5000);
  assert.equal(matchExpansion('{x}', 'x'.repeat(100_000)), 'too-large');
});
