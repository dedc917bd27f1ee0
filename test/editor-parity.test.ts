// One verdict in the editor and the CLI: VS Code's own JSON language service, given the
// published schema as a manifest's "$schema" gives it, and `extkit validate --json`, over every
// case of the shared conformance corpus. The editor's verdict is "no diagnostic at all" (a
// syntax error or a schema violation, at any severity); the CLI's is its exit code.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getLanguageService, TextDocument } from 'vscode-json-languageservice';
import { afterAll, describe, expect, it } from 'vitest';
import { extkitBin, repoRoot, tempDir } from './helpers/cli.js';

const corpusFile = join(repoRoot, '../shared/conformance/manifest-cases.json');
type Case = { name: string; publisher?: string; manifest?: unknown; rawText?: string };

/**
 * Cases whose verdicts differ because no JSON Schema can say the rule: each needs a value from
 * elsewhere in the document (or from outside it), which JSON Schema cannot reference.
 */
const INEXPRESSIBLE: Record<string, string> = {
  'component outside publisher namespace':
    "the publisher's handle is not in the manifest (it comes from --publisher or package.json)",
  'component outside manifest namespace':
    "a component id's middle part must equal the manifest's own `id`, another value of the document",
  'functionBindings key not a declared component':
    'a binding key must be one of the strings of contributes.site.components',
  'number default not coercible': "a default's type is the type of the field whose `key` names it",
  'duplicate config keys': 'keys must differ across the fields, and uniqueItems compares whole items',
};

const tmp = tempDir('extkit-editor-');
afterAll(tmp.cleanup);

async function editorVerdict(text: string): Promise<{ valid: boolean; messages: string[] }> {
  const schema = JSON.parse(readFileSync(join(repoRoot, 'schemas/manifest.schema.json'), 'utf8')) as object;
  // As in VS Code: a manifest's own "$schema" (relative to the file) is loaded from disk; one without is matched by name.
  const service = getLanguageService({
    schemaRequestService: async (uri) => readFileSync(fileURLToPath(uri), 'utf8'),
    workspaceContext: { resolveRelativePath: (path, resource) => new URL(path, resource).href },
  });
  service.configure({
    validate: true,
    allowComments: false,
    schemas: [{ uri: 'https://extkit.dev/schemas/manifest.schema.json', fileMatch: ['manifest.json'], schema }],
  });
  const doc = TextDocument.create(pathToFileURL(join(repoRoot, 'examples/case/manifest.json')).href, 'json', 1, text);
  const diagnostics = await service.doValidation(doc, service.parseJSONDocument(doc), {
    comments: 'error',
    trailingCommas: 'error',
    schemaValidation: 'error',
    schemaRequest: 'error',
  });
  return {
    valid: diagnostics.length === 0,
    messages: diagnostics.map((d) => (typeof d.message === 'string' ? d.message : d.message.value)),
  };
}

function cliVerdicts(cases: Case[]): boolean[] {
  return cases.map((c, i) => {
    const dir = join(tmp.dir, `case-${i}`);
    mkdirSync(dir);
    writeFileSync(join(dir, 'manifest.json'), c.rawText ?? JSON.stringify(c.manifest, null, 2));
    const r = spawnSync(extkitBin, ['validate', dir, '--json', ...(c.publisher ? ['--publisher', c.publisher] : [])], {
      encoding: 'utf8',
    });
    expect([0, 1], c.name).toContain(r.status);
    return r.status === 0;
  });
}

describe.runIf(existsSync(corpusFile))('the editor and the CLI over the shared corpus', () => {
  const cases = existsSync(corpusFile) ? (JSON.parse(readFileSync(corpusFile, 'utf8')) as Case[]) : [];

  it('give one verdict for every case the schema can express; the rest differ only as listed', async () => {
    const cli = cliVerdicts(cases);
    const differ: string[] = [];
    for (const [i, c] of cases.entries()) {
      const editor = await editorVerdict(c.rawText ?? JSON.stringify(c.manifest, null, 2));
      if (editor.valid !== cli[i]) differ.push(c.name);
      // The editor speaks the schema's words, never a raw pattern.
      for (const m of editor.messages) expect(m, c.name).not.toMatch(/does not match the pattern/);
    }
    expect(cases.length).toBeGreaterThan(30);
    expect(differ.sort()).toEqual(Object.keys(INEXPRESSIBLE).sort());
    // ...and in each listed case it is the CLI that refuses: the editor never errs on a good manifest.
    for (const name of differ) expect(cli[cases.findIndex((c) => c.name === name)], name).toBe(false);
  }, 120_000);
});
