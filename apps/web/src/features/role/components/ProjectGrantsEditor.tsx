// The role editor's project privileges: projects and sub-projects chosen from the caller's tree, and per chosen
// project the project-level keys the caller may grant (project-grants.ts links them).
import { useMemo } from 'react';
import { Alert, Button, Empty, Flex, Select, Spin, Tree, Typography, type TreeDataNode } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import type { ProjectNode } from '@svc/contracts';
import { useTranslation } from 'react-i18next';
import { usePrivilege } from '@/lib/use-privilege';
import { LoadFailed } from '@/components/LoadFailed';
import { useMyProjectsQuery } from '@/features/project/api/projects-query';
import { useGrantableCatalogueQuery } from '../api/privilege-catalogue-query';
import type { ProjectGrant } from '../api/role-grants-query';
import {
  defaultProjectKeys,
  inOfferedOrder,
  PROJECT_MENU,
  projectKeyGroups,
  projectPaths,
  setProjectKeys,
  toggleProject,
} from './project-grants';
import { PRIVILEGE_TITLE_KEYS } from './privilege-titles';

function treeNodes(nodes: readonly ProjectNode[]): TreeDataNode[] {
  return nodes.map((n) => ({ key: n.id, title: n.title, children: treeNodes(n.children) }));
}

interface ProjectGrantsEditorProps {
  /** antd's Form.Item passes value and onChange. */
  value?: ProjectGrant[];
  onChange?: (grants: ProjectGrant[]) => void;
  disabled?: boolean;
  /** The role's function-point keys: a project chosen anew starts with the project-level ones. */
  roleKeys: readonly string[];
}

export function ProjectGrantsEditor({ value = [], onChange, disabled, roleKeys }: ProjectGrantsEditorProps) {
  const { t } = useTranslation('user');
  const can = usePrivilege();
  const seesProjects = can(PROJECT_MENU);
  const projects = useMyProjectsQuery({ enabled: seesProjects });
  const catalogue = useGrantableCatalogueQuery();
  const groups = useMemo(() => projectKeyGroups(catalogue.data ?? []), [catalogue.data]);
  const paths = useMemo(() => projectPaths(projects.data ?? []), [projects.data]);
  const title = (key: string) => t(PRIVILEGE_TITLE_KEYS[key] ?? key);
  const options = groups.map((g) => ({
    label: title(g.key),
    title: title(g.key),
    options: g.keys.map((k) => ({ value: k, label: title(k) })),
  }));
  const nameOf = (id: number) => paths.get(id)?.join(' / ') ?? t('roles.projects.unknown', { id });

  if (!seesProjects) return <Alert type="info" showIcon title={t('roles.projects.noAccess')} />;
  if (projects.isPending || catalogue.isPending) return <Spin className="org-tree-spin" />;
  if (projects.isError || catalogue.isError)
    return (
      <LoadFailed
        onRetry={() => {
          void projects.refetch();
          void catalogue.refetch();
        }}
      />
    );
  if (projects.data.length === 0 || groups.length === 0)
    return <Empty description={t('roles.projects.nothingToGrant')} />;

  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">{t('roles.projects.hint')}</Typography.Text>
      {value.length === 0 && roleKeys.includes(PROJECT_MENU) && (
        <Alert type="warning" showIcon title={t('roles.projects.noneChosen')} />
      )}
      <Flex gap={16} className="role-projects">
        <div className="role-project-tree">
          <Tree
            checkable
            checkStrictly
            selectable={false}
            defaultExpandAll
            disabled={disabled}
            treeData={treeNodes(projects.data)}
            checkedKeys={value.map((g) => g.projectId)}
            onCheck={(_, info) =>
              onChange?.(
                toggleProject(value, Number(info.node.key), info.checked, defaultProjectKeys(roleKeys, groups)),
              )
            }
          />
        </div>
        <Flex vertical gap={10} className="role-project-grants">
          <Typography.Text strong>{t('roles.projects.chosen', { count: value.length })}</Typography.Text>
          {value.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('roles.projects.empty')} />
          ) : (
            value.map((g) => (
              <Flex vertical gap={4} key={g.projectId} className="role-project-grant" data-project={g.projectId}>
                <Flex justify="space-between" align="center" gap={8}>
                  <Typography.Text ellipsis={{ tooltip: nameOf(g.projectId) }}>{nameOf(g.projectId)}</Typography.Text>
                  {!disabled && (
                    <Button
                      type="text"
                      size="small"
                      icon={<CloseOutlined />}
                      aria-label={t('roles.projects.remove', { name: nameOf(g.projectId) })}
                      onClick={() => onChange?.(toggleProject(value, g.projectId, false, []))}
                    />
                  )}
                </Flex>
                <Select
                  mode="multiple"
                  aria-label={t('roles.projects.keysOf', { name: nameOf(g.projectId) })}
                  value={inOfferedOrder(g.privilegeKeys, groups)}
                  options={options}
                  disabled={disabled}
                  maxTagCount="responsive"
                  optionFilterProp="label"
                  placeholder={t('roles.projects.keysPlaceholder')}
                  status={g.privilegeKeys.length === 0 ? 'error' : undefined}
                  onChange={(keys: string[]) => onChange?.(setProjectKeys(value, g.projectId, keys))}
                />
              </Flex>
            ))
          )}
        </Flex>
      </Flex>
    </Flex>
  );
}
