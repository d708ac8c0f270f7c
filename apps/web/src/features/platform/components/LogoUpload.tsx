// The enterprise logo field: the shared image upload to the general upload endpoint, kept as its file id and url.
import { PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ImageUpload, type UploadedImage } from '@/components/ImageUpload';
import { useUploadImageMutation } from '../api/logo-upload-mutation';

export type LogoValue = UploadedImage;

interface LogoUploadProps {
  value?: LogoValue | null;
  onChange?: (value: LogoValue) => void;
  disabled?: boolean;
}

export function LogoUpload({ value, onChange, disabled }: LogoUploadProps) {
  const { t } = useTranslation('platform');
  const upload = useUploadImageMutation();
  return (
    <ImageUpload
      url={value?.url}
      upload={upload}
      onUploaded={({ id, url }) => onChange?.({ id, url })}
      disabled={disabled}
      empty={<PictureOutlined />}
      previewClassName="info-logo-preview"
      labels={{
        alt: t('enterpriseInfo.logoAlt'),
        upload: t('enterpriseInfo.logoUpload'),
        replace: t('enterpriseInfo.logoReplace'),
        hint: t('enterpriseInfo.logoHint'),
      }}
    />
  );
}
