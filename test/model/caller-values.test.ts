import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertWalkable, maxValueDepth, walkProblem } from 'mcpdesc-core/internal/model/caller-values.js';
import { nested } from '../helpers/caller-values.js';

test('walkProblem: a tree, a shared (acyclic) value and primitives are walkable', () => {
  const shared = { x: [1, 2, { y: 'z' }] };
  assert.equal(walkProblem({ a: shared, b: [shared, shared], c: null }), undefined);
  for (const value of [undefined, null, 5, 'text', true]) assert.equal(walkProblem(value), undefined);
});

test('walkProblem names the pointer that leads back, and where it leads', () => {
  const root: Record<string, unknown> = { info: { name: 'x' } };
  root['x-self'] = root;
  assert.match(walkProblem(root)!, /^the value is cyclic: \/x-self refers back to the root /);
  const schema: Record<string, unknown> = { type: 'object' };
  schema.properties = { 'a/b~c': schema };
  assert.match(
    walkProblem({ tools: [{ inputSchema: schema }] })!,
    /cyclic: \/tools\/0\/inputSchema\/properties\/a~1b~0c refers back to \/tools\/0\/inputSchema /,
  );
  const list: unknown[] = [1];
  list.push(list);
  assert.match(walkProblem({ list })!, /cyclic: \/list\/1 refers back to \/list /);
});

test('walkProblem bounds depth exactly, through shared subtrees too, without recursion', () => {
  assert.equal(walkProblem(nested(maxValueDepth + 1)), undefined, 'the root plus 1,000 levels');
  assert.match(walkProblem(nested(maxValueDepth + 2))!, /nests deeper than 1000 levels, at \/a\/a\/a.*…/);
  // The shared subtree is walked once, first at a shallow place; its second use is deeper.
  const deep = nested(maxValueDepth - 3); // 996 levels below its root: 997 from `shallow`, 1,002 from `u`
  assert.match(walkProblem({ shallow: deep, x: { y: { z: { w: { v: { u: deep } } } } } })!, /nests deeper/);
  assert.equal(walkProblem(nested(200_000), 300_000), undefined, 'no stack used: 200,000 levels');
});

test('walkProblem is linear in distinct objects: a doubling DAG of 2^60 paths is walked in an instant', () => {
  let node: Record<string, unknown> = { leaf: true };
  for (let i = 0; i < 60; i++) node = { left: node, right: node };
  const started = Date.now();
  assert.equal(walkProblem(node), undefined);
  assert.ok(Date.now() - started < 1_000);
});

test('assertWalkable throws a TypeError naming its caller', () => {
  const root: Record<string, unknown> = {};
  root.again = root;
  assert.throws(() => assertWalkable(root, 'someFunction'), {
    name: 'TypeError',
    message: /^someFunction: the value is cyclic: \/again refers back to the root/,
  });
});
