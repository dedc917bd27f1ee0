import { describe, expect, it } from 'vitest';
import { artifactPath, checkEntry } from './entry.js';

describe('checkEntry', () => {
  it('accepts relative paths inside the artifact', () => {
    for (const e of ['index.js', 'dist/index.js', './dist/index.js', 'a/b/../c.js'])
      expect(checkEntry(e), e).toBeNull();
    expect(artifactPath('./dist/index.js')).toBe('dist/index.js');
  });

  it('refuses what would write outside the artifact', () => {
    for (const e of [
      '../x.js',
      'dist/../../x.js',
      '/abs/x.js',
      'C:\\x.js',
      'dist\\x.js',
      'https://cdn.example/x.js',
      '.',
      'dist/',
    ]) {
      expect(checkEntry(e)?.code, e).toBe('build.entry_outside_artifact');
    }
  });

  it('refuses an entry the artifact path rule refuses, before anything is bundled', () => {
    for (const e of ['dist/my file.js', 'dist/\u001b[2J.js', 'dist/-x.js', 'dist/caf\u00e9.js', 'nul.js'])
      expect(checkEntry(e)?.code, e).toBe('build.entry_unsafe');
  });

  it('refuses the names the artifact keeps for itself', () => {
    for (const e of ['manifest.json', './artifact.json', 'artifact.json.map'])
      expect(checkEntry(e)?.code, e).toBe('build.entry_reserved');
  });
});
