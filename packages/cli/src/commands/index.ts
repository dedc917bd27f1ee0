import type { Command } from 'commander';
import { registerBuild } from './build.js';
import { registerCreate } from './create.js';
import { registerDev } from './dev.js';
import { registerDiff } from './diff.js';
import { registerEmulate } from './emulate.js';
import { registerMarketplace } from './marketplace.js';
import { registerPublish } from './publish.js';
import { registerSign } from './sign.js';
import { registerTypes } from './types.js';
import { registerValidate } from './validate.js';
import { registerVerify } from './verify.js';

/**
 * Every command registers itself cheaply here; its action imports the package
 * that does the work only when it runs, so `--help` and `validate` stay fast.
 */
export const commands: Array<(program: Command) => void> = [
  registerValidate,
  registerBuild,
  registerVerify,
  registerDiff,
  registerSign,
  registerDev,
  registerEmulate,
  registerPublish,
  registerMarketplace,
  registerCreate,
  registerTypes,
];
