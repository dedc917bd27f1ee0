import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addDevCommand, installSpec, projectPackageManager } from './package-manager.js';

const root = mkdtempSync(join(tmpdir(), 'extkit-pm-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the install command for what a project lacks', () => {
  it("writes a caret range as the release line it allows, which no shell reads (cmd.exe's escape is ^)", () => {
    expect(installSpec('@electric-sql/pglite', '^0.5.16')).toBe('@electric-sql/pglite@0.5');
    expect(installSpec('pg', '^8.23.1')).toBe('pg@8');
    expect(installSpec('pg', '8.23.1')).toBe('pg@8.23.1');
    expect(installSpec('pg', '>=8 <9')).toBe('pg');
  });

  it("uses the project's package manager: its lockfile walking up, else the one that ran us, else npm", async () => {
    const project = join(root, 'project');
    mkdirSync(join(project, 'src', 'deep'), { recursive: true });
    expect(await projectPackageManager(join(project, 'src', 'deep'), 'yarn/4.1.0 npm/? node/v20.19.0')).toBe('yarn');
    expect(await projectPackageManager(join(project, 'src', 'deep'), '')).toBe('npm');
    writeFileSync(join(project, 'pnpm-lock.yaml'), "lockfileVersion: '9.0'\n");
    expect(await projectPackageManager(join(project, 'src', 'deep'), 'npm/10.8.2 node/v20.19.0')).toBe('pnpm');
    expect(addDevCommand('pnpm', 'pg@8')).toBe('pnpm add -D pg@8');
    expect(addDevCommand('yarn', 'pg@8')).toBe('yarn add -D pg@8');
    expect(addDevCommand('npm', 'pg@8')).toBe('npm install --save-dev pg@8');
  });
});
