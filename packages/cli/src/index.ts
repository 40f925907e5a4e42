/**
 * mcpdesc-toolkit: the live API (mock, capture, record, verify) beside everything of mcpdesc-core,
 * re-exported so one import serves both.
 */
export * from 'mcpdesc-core';
export {
  startMock,
  MockError,
  MockOptionError,
  type MockOptions,
  type MockHandle,
  type ReloadReport,
} from './live/mock/server.js';
export { capture, type CaptureOptions, type CaptureResult, type CaptureChange } from './live/capture.js';
export { verify, type VerifyOptions, type VerifyResult, type VerifyCheck, type CallPolicy } from './live/verify.js';
export {
  record,
  parseRecordInputs,
  applyRecordings,
  type RecordOptions,
  type RecordInputs,
  type Recording,
  type RecordCallPolicy,
} from './live/record.js';
export type { ConnectTarget, ConnectOptions } from './live/connect.js';
export type { LiveFinding } from './live/findings.js';
