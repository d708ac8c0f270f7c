// Add or edit a project, sub-project or monitoring area (SPEC §2 add-project dialog, §5 name and logo rules).
import { App, Button, Flex, Form, Input, Radio, Typography, Upload } from 'antd';
import { PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ProjectNode } from '@svc/contracts';
import { isApiError } from '../../../app/api/client';
import { FormModal } from '../../../components/FormModal';
import { RULE_HINT } from '../../../components/form-rules';
import { imageProblem } from '../../platform/components/LogoUpload';
import { useUploadProjectLogoMutation } from '../api/project-logo-upload-mutation';
import { useSaveProjectMutation } from '../api/project-save-mutation';
import { ProjectTreeSelect } from './ProjectTreeSelect';
import { PROJECT_NAME_MAX, projectLogoProblem, projectNameProblem } from './project-form';

/** What the dialog does: add under a parent (none for top level), or edit a node. */
export type ProjectFormTarget =
  { mode: 'add'; parentId: number | null; kind: 'project' | 'area' } | { mode: 'edit'; node: ProjectNode };

interface Values {
  proName: string;
  proLogo: string;
  parentId?: number | null;
  kind: 'project' | 'area';
}

interface ProjectFormModalProps {
  target: ProjectFormTarget | undefined;
  forest: readonly ProjectNode[];
  onClose: () => void;
}

export function ProjectFormModal({ target, forest, onClose }: ProjectFormModalProps) {
  const { t } = useTranslation('project');
  const { message } = App.useApp();
  const save = useSaveProjectMutation();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form);
  const editing = target?.mode === 'edit' ? target.node : null;

  async function submit(values: Values) {
    const msg = editing
      ? await save.mutateAsync({ id: editing.id, proName: values.proName.trim(), proLogo: values.proLogo })
      : await save.mutateAsync({
          proName: values.proName.trim(),
          proLogo: values.proLogo,
          parentId: values.parentId ?? null,
          kind: values.kind,
        });
    void message.success(msg || t('form.saved'));
  }

  const title = editing
    ? t('form.editTitle', { name: editing.title })
    : target?.mode === 'add' && target.kind === 'area'
      ? t('form.addAreaTitle')
      : t('form.addTitle');

  return (
    <FormModal<Values>
      form={form}
      title={title}
      open={target !== undefined}
      onClose={onClose}
      pending={save.isPending}
      className="project-form"
      initialValues={{
        proName: editing?.proName ?? '',
        proLogo: editing?.proLogo ?? '',
        parentId: target?.mode === 'add' ? (target.parentId ?? undefined) : undefined,
        kind: target?.mode === 'add' ? target.kind : (editing?.kind ?? 'project'),
      }}
      onSubmit={submit}
    >
      {!editing && (
        <Form.Item name="kind" label={t('form.kind')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'project', label: t('kind.project') },
              { value: 'area', label: t('kind.area') },
            ]}
          />
        </Form.Item>
      )}
      <Form.Item
        name="proName"
        className={RULE_HINT}
        label={kind === 'area' ? t('form.areaName') : t('form.name')}
        rules={[
          {
            validator: (_, value: string | undefined) => {
              const problem = projectNameProblem(value);
              return problem ? Promise.reject(new Error(t(problem))) : Promise.resolve();
            },
          },
        ]}
        extra={t('form.nameHint')}
      >
        <Input maxLength={PROJECT_NAME_MAX} autoComplete="off" />
      </Form.Item>
      {!editing && (
        <Form.Item
          name="parentId"
          label={t('form.parent')}
          rules={[
            {
              validator: (_, value: number | null | undefined) =>
                form.getFieldValue('kind') === 'area' && !value
                  ? Promise.reject(new Error(t('form.parentRequired')))
                  : Promise.resolve(),
            },
          ]}
          dependencies={['kind']}
        >
          <ProjectTreeSelect
            forest={forest}
            allowClear
            placeholder={t('form.parentNone')}
            aria-label={t('form.parent')}
          />
        </Form.Item>
      )}
      <Form.Item
        name="proLogo"
        label={t('form.logo')}
        rules={[
          {
            validator: (_, value: string | undefined) => {
              const problem = projectLogoProblem(value);
              return problem ? Promise.reject(new Error(t(problem))) : Promise.resolve();
            },
          },
        ]}
      >
        <ProjectLogoField />
      </Form.Item>
    </FormModal>
  );
}

/** The logo field: SPEC §5 image checks before sending, upload, the 32×32 icon as the server stores it. */
function ProjectLogoField({ value, onChange }: { value?: string; onChange?: (url: string) => void }) {
  const { t } = useTranslation('project');
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  const upload = useUploadProjectLogoMutation();

  async function send(file: File) {
    try {
      const saved = await upload.mutateAsync(file);
      onChange?.(saved.url);
    } catch (e) {
      // The server's refusal names the reason (format by content, size); no answer at all is "upload failed".
      void message.error(isApiError(e) && e.kind === 'code' ? e.message : tc('upload.failed'));
    }
  }

  return (
    <Flex gap={12} align="center">
      <div className="project-form-logo" aria-live="polite">
        {value ? <img src={value} alt={t('form.logoAlt')} width={32} height={32} /> : <PictureOutlined />}
      </div>
      <Flex vertical gap={4} align="start">
        <Upload
          accept=".jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif"
          showUploadList={false}
          beforeUpload={(file) => {
            const problem = imageProblem(file);
            if (problem) void message.error(tc(problem));
            else void send(file);
            // Sent by `send` through the api client, never by antd's own request.
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />} loading={upload.isPending}>
            {value ? t('form.logoReplace') : t('form.logoUpload')}
          </Button>
        </Upload>
        <Typography.Text type="secondary">{t('form.logoHint')}</Typography.Text>
      </Flex>
    </Flex>
  );
}
