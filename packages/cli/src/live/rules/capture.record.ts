import { liveRule } from './live-rule.js';

export const captureRecordRule = liveRule({
  id: 'capture.record',
  kind: 'live',
  spec: 'live',
  severity: 'error',
  codes: {
    'input-invalid': {
      severity: 'warning',
      message: 'tool {id} input {input} does not validate against the inputSchema; it was not called',
    },
    'no-arguments': {
      severity: 'info',
      message: 'prompt {id} has required arguments and the inputs file gives none; it was not got',
    },
    'arguments-missing': {
      severity: 'warning',
      message: 'prompt {id} arguments lack the required {names}; it was not got',
    },
    'no-completions': {
      severity: 'warning',
      message: 'the server does not declare the completions capability; {id} was not completed',
    },
    'one-revision': { severity: 'error', message: '--record needs one revision' },
    'example-rejected': { severity: 'warning', message: 'a recorded example was rejected by validation and left out' },
    timeout: { severity: 'warning', message: 'the --timeout deadline passed; the rest was not recorded' },
    'max-calls': { severity: 'warning', message: '--max-calls reached; the rest was not recorded' },
    'request-failed': { severity: 'warning', message: 'a request made to record an example failed' },
    'answer-too-large': { severity: 'warning', message: 'an answer exceeded --max-bytes and was not recorded' },
    'not-listed': { severity: 'warning', message: 'the inputs file names a tool the server does not list' },
    'not-called': { severity: 'warning', message: 'a tool was not called (not read-only, or no input)' },
    'not-synthesized': { severity: 'info', message: 'no input could be synthesized for a tool' },
    'synthesis-failed': { severity: 'warning', message: 'the synthesized input was refused by the server' },
  },
  docs: { summary: 'capture --record could not record every example it was asked to.' },
});
