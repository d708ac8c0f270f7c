// Catalog completeness (conventions §11): every namespace and key in all three languages, and every key the code uses exists.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// The server's catalogue is a file of the contracts package, which exports no path to it.
// eslint-disable-next-line no-restricted-imports
import serverCatalog from '../../../../packages/contracts/src/messages/en-US.json';
import { LANGUAGES } from './languages';
import { NAMESPACES } from './index';

const catalogs = import.meta.glob<Record<string, string>>('./locales/*/*.json', { eager: true, import: 'default' });
const catalog = (lang: string, ns: string) => catalogs[`./locales/${lang}/${ns}.json`];
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('translation catalogs', () => {
  it.each(LANGUAGES.flatMap((lang) => NAMESPACES.map((ns) => [lang, ns] as const)))(
    '%s/%s has exactly the keys of en-US, each a non-empty text with the same placeholders',
    (lang, ns) => {
      const reference = catalog('en-US', ns);
      const own = catalog(lang, ns);
      expect(reference, `en-US/${ns}.json`).toBeDefined();
      expect(own, `${lang}/${ns}.json`).toBeDefined();
      expect(Object.keys(own!).sort()).toEqual(Object.keys(reference!).sort());
      for (const [key, text] of Object.entries(own!)) {
        expect(typeof text === 'string' && text.trim().length > 0, `${lang}/${ns}:${key} is empty`).toBe(true);
        expect(placeholders(text), `${lang}/${ns}:${key} placeholders`).toEqual(placeholders(reference![key]!));
      }
    },
  );

  it('has no namespace file outside the declared namespaces', () => {
    const found = new Set(Object.keys(catalogs).map((p) => p.split('/').pop()!.replace('.json', '')));
    expect([...found].sort()).toEqual([...NAMESPACES].sort());
  });

  it('covers every validation message key of the shared field rules', () => {
    const ruleKeys = Object.keys(serverCatalog).filter((k) => k.startsWith('validation.'));
    expect(ruleKeys.length).toBeGreaterThan(0);
    for (const lang of LANGUAGES) {
      const missing = ruleKeys.filter((k) => !(k in catalog(lang, 'common')!));
      expect(missing, `${lang}/common lacks`).toEqual([]);
    }
  });

  it('every key literal the code passes to t() exists in its namespace', () => {
    const missing: string[] = [];
    for (const file of sourceFiles(join(import.meta.dirname, '..'))) {
      const text = readFileSync(file, 'utf8');
      // A file's `t` speaks the namespace of its first useTranslation('…'); `tc` is always common.
      const ns = /useTranslation\('(\w+)'\)/.exec(text)?.[1] ?? 'common';
      for (const { key, namespace } of usedKeys(text, ns)) {
        if (!(key in (catalog('en-US', namespace) ?? {}))) missing.push(`${file}: ${namespace}:${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

const KEY = /'([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+)'/g;

function usedKeys(text: string, fileNs: string): { key: string; namespace: string }[] {
  const found: { key: string; namespace: string }[] = [];
  for (const line of text.split('\n')) {
    const explicit = /\b(t|tc)\(\s*'(\w+):([^']+)'/.exec(line);
    if (explicit) found.push({ namespace: explicit[2]!, key: explicit[3]! });
    const fn = /\b(tc|t)\(/.exec(line)?.[1];
    for (const [, key] of line.matchAll(KEY)) {
      if (key!.startsWith('validation.')) found.push({ key: key!, namespace: 'common' });
      else if (/titleKey:/.test(line)) found.push({ key: key!, namespace: 'console' });
      else if (fn === 'tc') found.push({ key: key!, namespace: 'common' });
      else if (fn === 't') found.push({ key: key!, namespace: fileNs });
    }
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'locales' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') && !name.endsWith('.test.tsx') ? [path] : [];
  });
}
