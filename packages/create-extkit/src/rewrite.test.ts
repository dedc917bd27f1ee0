import { describe, expect, it } from 'vitest';
import { pointSchema, rewritePackageJson, rewriteText, textKind } from './rewrite.js';

const from = { publisher: 'acme', id: 'hello-card', name: 'Hello Card' };
const to = { publisher: 'globex', id: 'promo', name: 'Promo "Deluxe"' };

describe('rewriteText', () => {
  it('rewrites namespaced ids, the id as a whole token, and the name', () => {
    const text = '# Hello Card\nregister("acme.hello-card.card") at /hello-card in artifacts/hello-card/1.0.0/';
    expect(rewriteText(text, from, to, 'markdown')).toBe(
      '# Promo "Deluxe"\nregister("globex.promo.card") at /promo in artifacts/promo/1.0.0/',
    );
  });

  it('leaves longer kebab-case words that merely contain the id', () => {
    expect(rewriteText('hello-cards my-hello-card hello-card', from, to, 'code')).toBe(
      'hello-cards my-hello-card promo',
    );
  });

  it('escapes the name inside JSON strings and leaves it alone in code', () => {
    expect(rewriteText('{ "name": "Hello Card" }', from, to, 'json')).toBe('{ "name": "Promo \\"Deluxe\\"" }');
    expect(rewriteText('const s = "Hello Card";', from, to, 'code')).toBe('const s = "Hello Card";');
  });

  it('rewrites in one pass, so a new value holding an old one is not rewritten twice', () => {
    const sneaky = { publisher: 'hello-card', id: 'acme', name: 'Hello Card Two' };
    expect(rewriteText('acme.hello-card.card hello-card', from, sneaky, 'code')).toBe('hello-card.acme.card acme');
  });
});

describe('package.json and the schema', () => {
  it('names the project, sets the publisher and turns workspace links into registry ranges', () => {
    const text = JSON.stringify({
      name: 'hello-card',
      extkit: { publisher: 'acme', sizeBudget: 1000 },
      dependencies: { '@extkit/runtime': 'workspace:^', react: '^19.2.0' },
      devDependencies: { '@extkit/cli': 'workspace:*' },
    });
    expect(JSON.parse(rewritePackageJson(text, to, '1.4.2'))).toEqual({
      name: 'promo',
      extkit: { publisher: 'globex', sizeBudget: 1000 },
      dependencies: { '@extkit/runtime': '^1.4.2', react: '^19.2.0' },
      devDependencies: { '@extkit/cli': '^1.4.2' },
    });
  });

  it('points "$schema" at the copy beside the manifest and keeps the formatting', () => {
    expect(
      pointSchema('{\n  "$schema": "../../schemas/manifest.schema.json",\n  "id": "x"\n}', './manifest.schema.json'),
    ).toBe('{\n  "$schema": "./manifest.schema.json",\n  "id": "x"\n}');
  });

  it('treats code, JSON and Markdown as text and anything else as bytes', () => {
    expect([
      textKind('src/a.tsx'),
      textKind('manifest.json'),
      textKind('README.md'),
      textKind('_gitignore'),
      textKind('logo.png'),
    ]).toEqual(['code', 'json', 'markdown', 'code', null]);
  });
});
