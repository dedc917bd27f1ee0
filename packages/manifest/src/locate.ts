// Where a manifest is, and the publisher handle its package.json names.
import { readFileSync, statSync, type Stats } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

export interface ManifestLocation {
  /** Absolute path of manifest.json. */
  manifestPath: string;
  /** The extension's folder: the manifest's folder. */
  dir: string;
}

/** Resolves a manifest file, or a folder holding manifest.json. Undefined when there is none. */
export function findManifest(target: string): ManifestLocation | undefined {
  const abs = resolve(target);
  const stat = statSync(abs, { throwIfNoEntry: false });
  if (!stat) return undefined;
  const manifestPath = stat.isDirectory() ? join(abs, 'manifest.json') : abs;
  const file = stat.isDirectory() ? statSync(manifestPath, { throwIfNoEntry: false }) : stat;
  if (!file?.isFile()) return undefined;
  return { manifestPath, dir: dirname(manifestPath) };
}

/**
 * Why `target` holds no manifest, in words that say what it is instead: missing, a folder
 * without manifest.json, or something that is not a file (a folder named manifest.json, a
 * named pipe, a device such as /dev/zero, a socket).
 */
export function whyNoManifest(target: string): string {
  const stat = statSync(resolve(target), { throwIfNoEntry: false });
  if (stat?.isDirectory() && basename(resolve(target)) !== 'manifest.json') {
    const inner = join(target, 'manifest.json');
    return statSync(resolve(inner), { throwIfNoEntry: false })
      ? (whyNotAFile(inner) ?? '')
      : `${JSON.stringify(target)} is a folder without a manifest.json in it`;
  }
  return whyNotAFile(target) ?? '';
}

/** Undefined for a regular file; otherwise what `path` is instead ("no such file", "a folder", "a named pipe"). */
export function whyNotAFile(path: string): string | undefined {
  const stat = statSync(resolve(path), { throwIfNoEntry: false });
  if (!stat) return `no such file: ${JSON.stringify(path)}`;
  return stat.isFile() ? undefined : `${JSON.stringify(path)} is ${kindOf(stat)}, not a file`;
}

function kindOf(stat: Stats): string {
  if (stat.isDirectory()) return 'a folder';
  if (stat.isFIFO()) return 'a named pipe (FIFO)';
  if (stat.isCharacterDevice()) return 'a character device';
  if (stat.isBlockDevice()) return 'a block device';
  if (stat.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** What the extension's package.json says to the validator, under its `"extkit"` key. */
export interface ValidatorSettings {
  /** `extkit.publisher` as written: the validator reports one that is no kebab-case string (`publisher.invalid`). */
  publisher?: unknown;
  /** `extkit.ignore` as written (the validator checks it): warning codes not to report. */
  ignore?: unknown;
  /** `extkit.api` as written: the platform's API base URL (@extkit/runtime/routing parses it; the validator checks it). */
  api?: unknown;
}

/** Reads `"extkit": { "publisher", "ignore", "api" }` from the extension's package.json; a missing or unreadable file has none. */
export function readValidatorSettings(dir: string): ValidatorSettings {
  try {
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      extkit?: { publisher?: unknown; ignore?: unknown; api?: unknown };
    };
    const kit = pkg?.extkit;
    if (typeof kit !== 'object' || kit === null) return {};
    const settings: ValidatorSettings = {};
    if (kit.publisher !== undefined) settings.publisher = kit.publisher;
    if (kit.ignore !== undefined) settings.ignore = kit.ignore;
    if (kit.api !== undefined) settings.api = kit.api;
    return settings;
  } catch {
    return {};
  }
}

/**
 * The validator's options for the extension in `dir`: its package.json settings, with a
 * publisher handle given on the command line (`--publisher`) taking the place of the file's.
 */
export function validateOptionsFor(dir: string, publisher?: string): ValidatorSettings {
  const settings = readValidatorSettings(dir);
  if (publisher !== undefined) settings.publisher = publisher;
  return settings;
}

/** The handle in `"extkit": { "publisher": ... }` of the extension's package.json, if it has one. */
export const readPublisher = (dir: string): string | undefined => {
  const { publisher } = readValidatorSettings(dir);
  return typeof publisher === 'string' ? publisher : undefined;
};
