// The namespace check: finds namespaces named in calls, options, <Trans> and qualified keys, and names unknown ones.
import { describe, expect, it } from 'vitest';
import { listedNamespaces, namespaceUses, unknownNamespaces } from './check-i18n-namespaces.js';

describe('i18n namespace check', () => {
  it('reads the NAMESPACES list', () => {
    expect(listedNamespaces(`export const NAMESPACES = ['common', 'auth'] as const;`)).toEqual(['common', 'auth']);
  });

  it('finds every way the code names a namespace, and nothing in comments', () => {
    const source = `
      // useTranslation('ignored')
      const { t } = useTranslation('project');
      const both = useTranslation(['alarm', 'common']);
      t('user:user.title');
      i18n.t(\`console:menu.\${key}\`);
      t('plain.key', { ns: 'errors' });
      const el = <Trans ns="download" i18nKey="x" />;
      useTranslation(name);
    `;
    expect(namespaceUses(source, 'a.tsx').map((use) => use.namespace)).toEqual([
      'project',
      'alarm',
      'common',
      'user',
      'console',
      'errors',
      'download',
      null,
    ]);
  });

  it('names uses outside the list with their place', () => {
    const uses = namespaceUses(`useTranslation('common');\nt('alarms:list.title');`, 'b.ts');
    expect(unknownNamespaces(['common'], uses)).toEqual([`b.ts:2: namespace 'alarms' is not in NAMESPACES`]);
  });
});
