// Add or edit a role (SPEC §5 role name ≤ 20, §6): name, remark, the privilege tree, and the role's project and
// video privileges; read-only without `role-edit`.
import { useState } from 'react';
import { Alert, App, Button, Drawer, Flex, Form, Input, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Role } from '@svc/contracts';
import { isApiError } from '@/lib/api/client';
import { LoadFailed } from '@/components/LoadFailed';
import { maxLengthRule, optionalText } from '@/components/form-rules';
import { useSaveRoleGrantsMutation } from '../api/role-grants-mutation';
import { useRoleGrantsQuery, type ProjectGrant, type RoleGrants } from '../api/role-grants-query';
import { useSaveRoleMutation } from '../api/role-save-mutation';
import { PrivilegeTree } from './PrivilegeTree';
import { RoleNameField } from './RoleNameField';
import { ProjectGrantsEditor } from './ProjectGrantsEditor';
import { sameGrants, sameKeys } from './project-grants';
import { VideoPrivilegesEditor } from './VideoPrivilegesEditor';

/** The server's limit on a role's remark (contracts AddRoleSchema). */
const REMARK_MAX = 200;

interface Values {
  roleName: string;
  remark?: string;
  privilegeKeys: string[];
  projects: ProjectGrant[];
  videoKeys: RoleGrants['videoKeys'];
}

type Section = 'functions' | 'projects' | 'video';
/** The section of the editor each field lives in, to show the first one a failed check names. */
const SECTION_OF: Partial<Record<keyof Values, Section>> = { projects: 'projects', videoKeys: 'video' };
const NO_GRANTS: RoleGrants = { projects: [], videoKeys: [] };

interface RoleEditorProps {
  /** The role to edit, or null to add one. */
  role: Role | null;
  open: boolean;
  readOnly?: boolean;
  onClose: () => void;
}

export function RoleEditorDrawer({ role, open, readOnly = false, onClose }: RoleEditorProps) {
  const { t } = useTranslation('user');
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  const save = useSaveRoleMutation();
  const saveGrants = useSaveRoleGrantsMutation();
  const grants = useRoleGrantsQuery(role?.id);
  const [form] = Form.useForm<Values>();
  const roleKeys = Form.useWatch('privilegeKeys', form) ?? role?.privilegeKeys ?? [];
  const [failure, setFailure] = useState<string>();
  const [section, setSection] = useState<Section>('functions');
  // A role added before its project or video privileges were refused: saving again updates it, never adds twice.
  const [savedId, setSavedId] = useState<number>();
  // What the server holds now, so only a changed part is sent (a caller may edit names without touching the rest).
  const [stored, setStored] = useState<RoleGrants>();
  const held = stored ?? grants.data ?? NO_GRANTS;

  async function submit(values: Values) {
    setFailure(undefined);
    try {
      const id = await save.mutateAsync({
        id: role?.id ?? savedId,
        roleName: values.roleName.trim(),
        remark: optionalText(values.remark),
        privilegeKeys: values.privilegeKeys,
      });
      setSavedId(id);
      const projectsChanged = !sameGrants(values.projects, held.projects);
      const videoChanged = !sameKeys(values.videoKeys, held.videoKeys);
      if (projectsChanged || videoChanged) {
        await saveGrants.mutateAsync({
          roleId: id,
          ...(projectsChanged ? { projects: values.projects } : {}),
          ...(videoChanged ? { videoKeys: values.videoKeys } : {}),
        });
        setStored({ projects: values.projects, videoKeys: values.videoKeys });
      }
      void message.success(t(role || savedId ? 'roles.saved' : 'roles.added'));
      onClose();
    } catch (e) {
      setFailure(isApiError(e) ? e.message : String(e));
    }
  }

  const title = readOnly ? t('roles.view') : role ? t('roles.edit') : t('roles.add');
  return (
    <Drawer
      title={title}
      open={open}
      size={760}
      onClose={onClose}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (visible) return;
        setFailure(undefined);
        setSection('functions');
        setSavedId(undefined);
        setStored(undefined);
      }}
      footer={
        !readOnly && (
          <Flex justify="end" gap={8}>
            <Button onClick={onClose}>{tc('action.cancel')}</Button>
            <Button
              type="primary"
              loading={save.isPending || saveGrants.isPending}
              disabled={role !== null && !grants.data}
              onClick={() => form.submit()}
            >
              {tc('action.save')}
            </Button>
          </Flex>
        )
      }
    >
      {role && grants.isError ? (
        <LoadFailed onRetry={() => void grants.refetch()} />
      ) : role && !grants.data ? (
        <Spin className="org-tree-spin" />
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          disabled={readOnly}
          initialValues={{
            roleName: role?.roleName ?? '',
            remark: role?.remark ?? '',
            privilegeKeys: role?.privilegeKeys ?? [],
            projects: grants.data?.projects ?? [],
            videoKeys: grants.data?.videoKeys ?? [],
          }}
          onFinish={(values) => void submit(values)}
          onFinishFailed={({ errorFields }) => {
            const first = SECTION_OF[errorFields[0]?.name[0] as keyof Values];
            if (first) setSection(first);
          }}
        >
          {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
          <RoleNameField />
          <Form.Item name="remark" label={t('roles.field.remark')} rules={[maxLengthRule(tc, REMARK_MAX)]}>
            <Input.TextArea count={{ show: true, max: REMARK_MAX }} autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
          <Tabs
            className="role-sections"
            activeKey={section}
            onChange={(key) => setSection(key as Section)}
            items={[
              {
                key: 'functions',
                label: t('roles.section.functions'),
                // Every section stays mounted: a field in a tab never opened must still be submitted.
                forceRender: true,
                children: (
                  <Form.Item name="privilegeKeys" extra={t('roles.field.privilegesHint')}>
                    <PrivilegeTree disabled={readOnly} />
                  </Form.Item>
                ),
              },
              {
                key: 'projects',
                label: t('roles.section.projects'),
                forceRender: true,
                children: (
                  <Form.Item
                    name="projects"
                    rules={[
                      {
                        validator: (_, grants: ProjectGrant[] = []) =>
                          grants.some((g) => g.privilegeKeys.length === 0)
                            ? Promise.reject(new Error(t('roles.projects.keysRequired')))
                            : Promise.resolve(),
                      },
                    ]}
                  >
                    <ProjectGrantsEditor disabled={readOnly} roleKeys={roleKeys} />
                  </Form.Item>
                ),
              },
              {
                key: 'video',
                label: t('roles.section.video'),
                forceRender: true,
                children: (
                  <Form.Item name="videoKeys">
                    <VideoPrivilegesEditor disabled={readOnly} roleKeys={roleKeys} />
                  </Form.Item>
                ),
              },
            ]}
          />
        </Form>
      )}
    </Drawer>
  );
}
