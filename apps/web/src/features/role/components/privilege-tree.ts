// The role editor's privilege tree ↔ a role's privilege keys (SPEC §3 Privilege item, §6). Pure, so it is tested alone.
//
// antd's cascading check cannot express "a menu without its function points" (checking the menu would
// check every point), so the tree runs checkStrictly and this module links the levels the way the server
// reads them: a key implies its ancestors (the server adds them too), checking a node grants what is
// under it, unchecking withdraws what is under it.
// The catalogue's order comes from the server's answer (it lists in catalogue order): importing
// PRIVILEGE_CATALOGUE here would bring its zod schemas into the page's chunk for an order we already have.
import type { PrivilegeItem } from '@svc/contracts';

export interface PrivilegeNode {
  key: string;
  type: PrivilegeItem['type'];
  children: PrivilegeNode[];
}

export interface TreeIndex {
  parent: ReadonlyMap<string, string | null>;
  children: ReadonlyMap<string, readonly string[]>;
  /** Position of each node in the tree as shown (depth first): keys are kept in this order. */
  order: ReadonlyMap<string, number>;
}

/** A menu's own function points read first, then its submenus with theirs. */
const TYPE_ORDER: Record<PrivilegeItem['type'], number> = { menu: 0, points: 1, submenu: 2 };

/**
 * Nests the items by parentKey, in the order given (the catalogue's) with a menu's points before its
 * submenus; an item whose parent is not offered becomes a root.
 */
export function buildPrivilegeTree(items: readonly PrivilegeItem[]): PrivilegeNode[] {
  const unique = new Map(items.map((item) => [item.key, item]));
  const position = new Map([...unique.keys()].map((key, i) => [key, i]));
  const sorted = [...unique.values()].sort(
    (a, b) => TYPE_ORDER[a.type] - TYPE_ORDER[b.type] || position.get(a.key)! - position.get(b.key)!,
  );
  const nodes = new Map(
    sorted.map((item) => [item.key, { key: item.key, type: item.type, children: [] as PrivilegeNode[] }]),
  );
  const roots: PrivilegeNode[] = [];
  for (const item of sorted) {
    const node = nodes.get(item.key)!;
    const parent = item.parentKey ? nodes.get(item.parentKey) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

export function indexTree(roots: readonly PrivilegeNode[]): TreeIndex {
  const parent = new Map<string, string | null>();
  const children = new Map<string, string[]>();
  const order = new Map<string, number>();
  const walk = (node: PrivilegeNode, up: string | null) => {
    order.set(node.key, order.size);
    parent.set(node.key, up);
    children.set(
      node.key,
      node.children.map((c) => c.key),
    );
    node.children.forEach((c) => walk(c, node.key));
  };
  roots.forEach((r) => walk(r, null));
  return { parent, children, order };
}

function descendants(index: TreeIndex, key: string): string[] {
  return (index.children.get(key) ?? []).flatMap((c) => [c, ...descendants(index, c)]);
}

function ancestors(index: TreeIndex, key: string): string[] {
  const up: string[] = [];
  for (let k = index.parent.get(key); k; k = index.parent.get(k)) up.push(k);
  return up;
}

/**
 * The keys after one click. Keys the tree does not show (held by the role but beyond what the editor
 * may grant) are kept untouched: the server decides about those.
 */
export function toggleKey(keys: readonly string[], key: string, checked: boolean, index: TreeIndex): string[] {
  const next = new Set(keys);
  if (checked) [key, ...descendants(index, key), ...ancestors(index, key)].forEach((k) => next.add(k));
  else [key, ...descendants(index, key)].forEach((k) => next.delete(k));
  const rank = (key: string) => index.order.get(key) ?? Number.MAX_SAFE_INTEGER;
  return [...next].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/**
 * What the tree shows for a set of keys: a granted node with everything under it granted is checked; a
 * granted node with something under it withheld is half-checked (a menu opened without all its points).
 */
/**
 * Nodes open at first: the granted ones with something beneath, so a role shows what it holds; a new
 * role opens only the top menus, so their own points and submenus are one glance away.
 */
export function initiallyExpanded(
  keys: readonly string[],
  roots: readonly PrivilegeNode[],
  index: TreeIndex,
): string[] {
  const held = keys.filter((k) => (index.children.get(k)?.length ?? 0) > 0);
  return held.length > 0 ? held : roots.map((r) => r.key);
}

export function treeCheckState(
  keys: readonly string[],
  index: TreeIndex,
): { checked: string[]; halfChecked: string[] } {
  const held = new Set(keys);
  const checked: string[] = [];
  const halfChecked: string[] = [];
  for (const key of index.parent.keys()) {
    if (!held.has(key)) continue;
    const whole = descendants(index, key).every((d) => held.has(d));
    (whole ? checked : halfChecked).push(key);
  }
  return { checked, halfChecked };
}
