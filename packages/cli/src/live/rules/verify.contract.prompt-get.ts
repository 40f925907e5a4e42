import { liveRule } from './live-rule.js';

export const verifyContractPromptGetRule = liveRule({
  id: 'verify.contract.prompt-get',
  kind: 'live',
  spec: 'live',
  severity: 'error',
  codes: {
    'get-failed': { severity: 'error', message: 'prompts/get {id} example {example} failed' },
    'messages-shape': {
      severity: 'error',
      message: 'prompts/get {id} example {example}: messages are not an array of prompt messages',
    },
  },
  docs: { summary: 'Getting a prompt example failed or its messages have the wrong shape.' },
});
