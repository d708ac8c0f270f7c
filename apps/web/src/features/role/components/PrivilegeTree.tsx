// The checkable privilege tree of the role editor: what the caller may grant (from the server), linked by privilege-tree.ts.
import { useMemo, useState } from 'react';
import { Empty, Spin, Tree, type TreeDataNode } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/LoadFailed';
import { useGrantableCatalogueQuery } from '../api/privilege-catalogue-query';
import {
  buildPrivilegeTree,
  indexTree,
  initiallyExpanded,
  toggleKey,
  treeCheckState,
  type PrivilegeNode,
} from './privilege-tree';
import { PRIVILEGE_TITLE_KEYS } from './privilege-titles';

interface PrivilegeTreeProps {
  /** The role's privilege keys; antd's Form.Item passes value and onChange. */
  value?: string[];
  onChange?: (keys: string[]) => void;
  disabled?: boolean;
}

export function PrivilegeTree({ value = [], onChange, disabled }: PrivilegeTreeProps) {
  const { t } = useTranslation('user');
  const catalogue = useGrantableCatalogueQuery();
  const tree = useMemo(() => buildPrivilegeTree(catalogue.data ?? []), [catalogue.data]);
  const index = useMemo(() => indexTree(tree), [tree]);
  // Decided once, when the catalogue arrives: later clicks must not fold the tree under the user.
  const [expanded, setExpanded] = useState<string[] | null>(null);
  if (expanded === null && catalogue.data) setExpanded(initiallyExpanded(value, tree, index));

  if (catalogue.isPending) return <Spin className="org-tree-spin" />;
  if (catalogue.isError) return <LoadFailed onRetry={() => void catalogue.refetch()} />;
  if (tree.length === 0) return <Empty description={t('roles.privileges.none')} />;

  const toData = (node: PrivilegeNode): TreeDataNode => ({
    key: node.key,
    title: t(PRIVILEGE_TITLE_KEYS[node.key] ?? node.key),
    children: node.children.map(toData),
  });
  return (
    <Tree
      className="org-privilege-tree"
      checkable
      checkStrictly
      expandedKeys={expanded ?? []}
      onExpand={(keys) => setExpanded(keys.map(String))}
      selectable={false}
      disabled={disabled}
      treeData={tree.map(toData)}
      checkedKeys={treeCheckState(value, index)}
      onCheck={(_, info) => onChange?.(toggleKey(value, String(info.node.key), info.checked, index))}
    />
  );
}
