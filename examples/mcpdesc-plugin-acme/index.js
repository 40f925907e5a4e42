// An mcpdesc lint plugin: rules with exactly the shape of mcpdesc's own (docs/lint.md, "Writing a plugin").
// The configuration names it under a namespace ("acme"), and every rule id starts with that namespace.

/** Every tool name starts with `acme_`, so that a client listing many servers' tools shows whose it is. */
const toolPrefix = {
  id: 'acme/tool-prefix',
  kind: 'lint',
  severity: 'warning',
  codes: {
    'missing-prefix': 'tool {name} does not start with "acme_"; every Acme tool carries the prefix',
  },
  docs: {
    summary: 'Every tool name starts with acme_.',
    url: 'https://example.com/mcpdesc-plugin-acme/rules/tool-prefix',
  },
  create(context) {
    return {
      primitive(node) {
        if (node.kind !== 'tool' || typeof node.value.name !== 'string') return;
        if (!node.value.name.startsWith('acme_'))
          context.report('missing-prefix', `${node.pointer}/name`, { values: { name: node.value.name } });
      },
    };
  },
};

// meta.name names the namespace too (mcpdesc-plugin-<namespace>): `plugins: [acme]` keys it by itself.
export default { meta: { name: 'mcpdesc-plugin-acme', version: '1.0.0' }, rules: [toolPrefix] };
