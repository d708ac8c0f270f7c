// The enterprise logo field: SPEC §5 image rules checked before sending (JPG/JPEG/PNG/GIF, ≤ 2 MB), upload, preview.
import { App, Button, Flex, Typography, Upload } from 'antd';
import { PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '@svc/contracts';
import { isApiError } from '../../../app/api/client';
import { useUploadImageMutation } from '../api/logo-upload-mutation';

export interface LogoValue {
  id: number;
  url: string;
}

/** SPEC §5: wrong type and size have their own messages; the server checks the content again. */
export function imageProblem(file: {
  name: string;
  type: string;
  size: number;
}): 'upload.format' | 'upload.tooLarge' | null {
  const typeOk =
    /\.(jpe?g|png|gif)$/i.test(file.name) && (!file.type || (IMAGE_TYPES as readonly string[]).includes(file.type));
  if (!typeOk) return 'upload.format';
  if (file.size > IMAGE_MAX_BYTES) return 'upload.tooLarge';
  return null;
}

interface LogoUploadProps {
  value?: LogoValue | null;
  onChange?: (value: LogoValue) => void;
  disabled?: boolean;
}

export function LogoUpload({ value, onChange, disabled }: LogoUploadProps) {
  const { t } = useTranslation('platform');
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  const upload = useUploadImageMutation();

  async function send(file: File) {
    try {
      const saved = await upload.mutateAsync(file);
      onChange?.({ id: saved.id, url: saved.url });
    } catch (e) {
      // The server's refusal names the reason (format by content, size); no answer at all is "upload failed".
      void message.error(isApiError(e) && e.kind === 'code' ? e.message : tc('upload.failed'));
    }
  }

  return (
    <Flex gap={16} align="center" className="info-logo-field">
      <div className="info-logo-preview" aria-live="polite">
        {value ? <img src={value.url} alt={t('enterpriseInfo.logoAlt')} /> : <PictureOutlined />}
      </div>
      {!disabled && (
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
              {value ? t('enterpriseInfo.logoReplace') : t('enterpriseInfo.logoUpload')}
            </Button>
          </Upload>
          <Typography.Text type="secondary">{t('enterpriseInfo.logoHint')}</Typography.Text>
        </Flex>
      )}
    </Flex>
  );
}
