// Add or edit a project, sub-project or monitoring area (SPEC §2 add-project dialog, §5 name and logo rules).
import { App, Form, Input, Radio } from 'antd';
import { EnvironmentOutlined, PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ProjectNode } from '@svc/contracts';
import { FormModal } from '@/components/FormModal';
import { RULE_HINT } from '@/components/form-rules';
import { ProjectTreeSelect } from '@/components/ProjectTreeSelect';
import { ImageUpload } from '@/components/ImageUpload';
import { useUploadProjectLogoMutation } from '../api/project-logo-upload-mutation';
import { useSaveProjectMutation } from '../api/project-save-mutation';
import { PROJECT_NAME_MAX, projectLogoProblem, projectNameProblem } from './project-form';

/** What the dialog does: add under a parent (none for top level), or edit a node. */
export type ProjectFormTarget =
  { mode: 'add'; parentId: number | null; kind: 'project' | 'area' } | { mode: 'edit'; node: ProjectNode };

interface Values {
  proName: string;
  /** The uploaded logo's url; empty when none (allowed for an area only). */
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
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  const save = useSaveProjectMutation();
  const [form] = Form.useForm<Values>();
  const editing = target?.mode === 'edit' ? target.node : null;
  const initialKind = target?.mode === 'add' ? target.kind : (editing?.kind ?? 'project');
  // The radio decides while adding; before the form mounts, the kind the dialog was opened for.
  const kind = Form.useWatch('kind', form) ?? initialKind;
  const area = kind === 'area';

  async function submit(values: Values) {
    const proName = values.proName.trim();
    // An area's logo is optional: none (or a removed one) is sent as such, a project always has one.
    const proLogo = values.proLogo || undefined;
    const msg = editing
      ? await save.mutateAsync({ id: editing.id, proName, proLogo: proLogo ?? (area ? null : undefined) })
      : await save.mutateAsync({ proName, proLogo, parentId: values.parentId ?? null, kind: values.kind });
    void message.success(msg || t('form.saved'));
  }

  const title = editing
    ? t(area ? 'form.editAreaTitle' : 'form.editTitle', { name: editing.title })
    : t(area ? 'form.addAreaTitle' : 'form.addTitle');

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
        kind: initialKind,
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
        label={area ? t('form.areaName') : t('form.name')}
        dependencies={['kind']}
        rules={[
          {
            validator: (_, value: string | undefined) => {
              const problem = projectNameProblem(value, form.getFieldValue('kind') ?? initialKind);
              if (!problem) return Promise.resolve();
              return Promise.reject(
                new Error(typeof problem === 'string' ? t(problem) : tc(problem.key, problem.params)),
              );
            },
          },
        ]}
        extra={t('form.nameHint')}
      >
        {/* No maxLength: it would cut a pasted name without a word; the rule names the limit instead. */}
        <Input count={{ max: PROJECT_NAME_MAX }} autoComplete="off" />
      </Form.Item>
      {!editing && (
        <Form.Item
          name="parentId"
          label={area ? t('form.areaParent') : t('form.parent')}
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
            aria-label={area ? t('form.areaParent') : t('form.parent')}
          />
        </Form.Item>
      )}
      <Form.Item
        name="proLogo"
        label={area ? t('form.areaLogo') : t('form.logo')}
        dependencies={['kind']}
        rules={[
          {
            validator: (_, value: string | undefined) => {
              const problem = projectLogoProblem(value, form.getFieldValue('kind') ?? initialKind);
              return problem ? Promise.reject(new Error(t(problem))) : Promise.resolve();
            },
          },
        ]}
      >
        <ProjectLogoField area={area} />
      </Form.Item>
    </FormModal>
  );
}

/** The logo field: the 32×32 icon as the server stores it; an area's is optional (without one the area icon stands in). */
function ProjectLogoField({
  value,
  onChange,
  area,
}: {
  value?: string;
  onChange?: (url: string) => void;
  area: boolean;
}) {
  const { t } = useTranslation('project');
  const upload = useUploadProjectLogoMutation();
  return (
    <ImageUpload
      url={value}
      upload={upload}
      onUploaded={({ url }) => onChange?.(url)}
      onRemove={area ? () => onChange?.('') : undefined}
      empty={area ? <EnvironmentOutlined /> : <PictureOutlined />}
      previewClassName="project-form-logo"
      imageSize={32}
      gap={12}
      labels={{
        alt: t(area ? 'form.areaLogoAlt' : 'form.logoAlt'),
        upload: t(area ? 'form.areaLogoUpload' : 'form.logoUpload'),
        replace: t(area ? 'form.areaLogoReplace' : 'form.logoReplace'),
        remove: t('form.logoRemove'),
        hint: t(area ? 'form.areaLogoHint' : 'form.logoHint'),
      }}
    />
  );
}
