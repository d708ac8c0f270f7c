// The privilege tree ↔ keys mapping of the role editor: nesting, linked checking, and what the tree shows for a role.
import { describe, expect, it } from 'vitest';
import { PRIVILEGE_CATALOGUE, RESERVED_KEYS, type PrivilegeItem } from '@svc/contracts';
import enUser from '@/i18n/locales/en-US/user.json';
import { buildPrivilegeTree, indexTree, initiallyExpanded, toggleKey, treeCheckState } from './privilege-tree';
import { PRIVILEGE_TITLE_KEYS } from './privilege-titles';

const item = (key: string, type: PrivilegeItem['type'], parentKey: string | null): PrivilegeItem => ({
  key,
  type,
  url: null,
  parentKey,
});
// A slice of the catalogue as the server lists it: menus and submenus first, then the points of each.
const ITEMS = [
  item('user', 'menu', null),
  item('role', 'submenu', 'user'),
  item('info', 'menu', null),
  item('account', 'submenu', 'info'),
  item('user-add', 'points', 'user'),
  item('user-edit', 'points', 'user'),
  item('role-add', 'points', 'role'),
];
const tree = buildPrivilegeTree(ITEMS);
const index = indexTree(tree);

describe('buildPrivilegeTree', () => {
  it("nests items under their parents in the order listed, a menu's points before its submenus", () => {
    expect(tree.map((n) => n.key)).toEqual(['user', 'info']);
    expect(tree[0]!.children.map((n) => n.key)).toEqual(['user-add', 'user-edit', 'role']);
    expect(tree[0]!.children[2]!.children.map((n) => n.key)).toEqual(['role-add']);
  });

  it('puts an item whose parent the caller may not grant at the root instead of dropping it', () => {
    const orphan = buildPrivilegeTree([item('role', 'submenu', 'user'), item('role-edit', 'points', 'role')]);
    expect(orphan.map((n) => n.key)).toEqual(['role']);
    expect(orphan[0]!.children.map((n) => n.key)).toEqual(['role-edit']);
  });

  it('builds the whole catalogue into menus with everything else beneath them, points before submenus', () => {
    const full = buildPrivilegeTree(PRIVILEGE_CATALOGUE);
    expect(full.every((n) => n.type === 'menu')).toBe(true);
    const project = full.find((n) => n.key === 'project')!;
    expect(project.children.slice(0, 4).map((n) => n.key)).toEqual([
      'project-add',
      'project-edit',
      'project-delete',
      'preview',
    ]);
    const count = (nodes: typeof full): number => nodes.reduce((s, n) => s + 1 + count(n.children), 0);
    expect(count(full)).toBe(PRIVILEGE_CATALOGUE.length);
  });
});

describe('toggleKey', () => {
  it('checking a function point grants its menus too, as the server would add them', () => {
    expect(toggleKey([], 'role-add', true, index)).toEqual(['user', 'role', 'role-add']);
  });

  it('checking a menu grants everything under it', () => {
    expect(toggleKey([], 'user', true, index)).toEqual(['user', 'user-add', 'user-edit', 'role', 'role-add']);
  });

  it('unchecking a menu withdraws everything under it and leaves other menus alone', () => {
    const all = toggleKey(toggleKey([], 'user', true, index), 'account', true, index);
    expect(toggleKey(all, 'user', false, index)).toEqual(['info', 'account']);
  });

  it('unchecking the last function point keeps the menu: a menu may be granted without its points', () => {
    expect(toggleKey(['user', 'user-add'], 'user-add', false, index)).toEqual(['user']);
  });

  it('keeps keys the tree does not show (beyond what the editor may grant) untouched', () => {
    expect(toggleKey(['cost', 'user'], 'user-add', true, index)).toEqual(['user', 'user-add', 'cost']);
  });
});

describe('treeCheckState', () => {
  it('checks fully granted nodes and half-checks granted menus with something beneath withheld', () => {
    expect(treeCheckState(['user', 'user-add', 'role', 'role-add', 'info', 'account'], index)).toEqual({
      checked: ['user-add', 'role', 'role-add', 'info', 'account'],
      halfChecked: ['user'],
    });
  });

  it('shows a menu granted alone as half-checked and nothing for keys outside the tree', () => {
    expect(treeCheckState(['user', 'cost'], index)).toEqual({ checked: [], halfChecked: ['user'] });
  });

  it('round-trips: the keys of a click are what the tree then shows as granted', () => {
    const keys = toggleKey([], 'user-edit', true, index);
    const state = treeCheckState(keys, index);
    expect([...state.checked, ...state.halfChecked].sort()).toEqual([...keys].sort());
  });
});

describe('initiallyExpanded', () => {
  it('opens the granted nodes that have something beneath, or only the top menus for a new role', () => {
    expect(initiallyExpanded(['user', 'role', 'role-add', 'account'], tree, index)).toEqual(['user', 'role']);
    expect(initiallyExpanded([], tree, index)).toEqual(['user', 'info']);
  });
});

describe('privilege titles', () => {
  it('every grantable privilege of the catalogue has a title in the user catalog', () => {
    const texts = enUser as Record<string, string>;
    for (const p of PRIVILEGE_CATALOGUE) {
      if (RESERVED_KEYS.has(p.key)) continue;
      const titleKey = PRIVILEGE_TITLE_KEYS[p.key];
      expect(titleKey, p.key).toBeDefined();
      expect(texts[titleKey!], `${p.key} → ${titleKey}`).toBeTruthy();
    }
  });
});
