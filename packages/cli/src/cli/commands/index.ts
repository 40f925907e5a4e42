import type { DefineCommand } from '../command.js';
import { defineBundle } from './bundle.js';
import { defineCapture } from './capture.js';
import { defineCompat } from './compat.js';
import { defineConvert } from './convert.js';
import { defineDiff } from './diff.js';
import { defineDocs } from './docs.js';
import { defineExport } from './export.js';
import { defineInit } from './init.js';
import { defineLint } from './lint.js';
import { defineLsp } from './lsp.js';
import { defineMerge } from './merge.js';
import { defineMigrate } from './migrate.js';
import { defineMock } from './mock.js';
import { defineNative } from './native.js';
import { definePlayground } from './playground.js';
import { defineProject } from './project.js';
import { defineResolve } from './resolve.js';
import { defineRules } from './rules.js';
import { defineSplit } from './split.js';
import { defineValidate } from './validate.js';
import { defineVerify } from './verify.js';

/** Every command, in the order `mcpdesc --help` lists them. */
export const commands: DefineCommand[] = [
  defineValidate,
  defineLint,
  defineRules,
  defineConvert,
  defineProject,
  defineMerge,
  defineSplit,
  defineResolve,
  defineBundle,
  defineMigrate,
  defineInit,
  defineExport,
  defineNative,
  defineCompat,
  defineCapture,
  defineDiff,
  defineVerify,
  defineMock,
  defineDocs,
  definePlayground,
  defineLsp,
];
