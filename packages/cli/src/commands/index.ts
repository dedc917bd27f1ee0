import type { Command } from 'commander';
import { registerValidate } from './validate.js';

/**
 * Every command registers itself cheaply here; its action imports the package
 * that does the work only when it runs, so `--help` and `validate` stay fast.
 */
export const commands: Array<(program: Command) => void> = [registerValidate];
