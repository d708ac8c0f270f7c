// An image field: SPEC §5 image rules checked before sending (JPG/JPEG/PNG/GIF, ≤ 2 MB), the upload through the
// caller's endpoint, the preview, and the upload (or replace) and optional remove buttons with the rule as hint.
import type { ReactNode } from 'react';
import { App, Button, Flex, Space, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '@svc/contracts';
import { isApiError } from '@/lib/api/client';

export interface UploadedImage {
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

export interface ImageUploadProps {
  /** The image shown, or none. */
  url?: string | null;
  /** The caller's upload mutation (each endpoint stores the image its own way). */
  upload: { mutateAsync: (file: File) => Promise<UploadedImage>; isPending: boolean };
  onUploaded: (image: UploadedImage) => void;
  /** Present for an optional image: a remove button beside the upload one while there is an image. */
  onRemove?: () => void;
  /** Only the preview: nothing to upload or remove. */
  disabled?: boolean;
  /** In the preview box while there is no image. */
  empty: ReactNode;
  /** Class of the preview box, which sets its size. */
  previewClassName: string;
  /** Width and height of the image as the server stores it (an icon); otherwise the box's CSS fits it. */
  imageSize?: number;
  gap?: number;
  labels: { alt: string; upload: string; replace: string; remove?: string; hint: string };
}

export function ImageUpload({
  url,
  upload,
  onUploaded,
  onRemove,
  disabled,
  empty,
  previewClassName,
  imageSize,
  gap = 16,
  labels,
}: ImageUploadProps) {
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();

  async function send(file: File) {
    try {
      onUploaded(await upload.mutateAsync(file));
    } catch (e) {
      // The server's refusal is SPEC §5's own message (format by content, size); no answer at all is "upload failed".
      void message.error(isApiError(e) && e.kind === 'code' ? e.message : tc('upload.failed'));
    }
  }

  return (
    <Flex gap={gap} align="center">
      {/* The box keeps its size beside a hint that wraps. */}
      <div className={previewClassName} style={{ flex: 'none' }} aria-live="polite">
        {url ? <img src={url} alt={labels.alt} width={imageSize} height={imageSize} /> : empty}
      </div>
      {!disabled && (
        <Flex vertical gap={4} align="start">
          <Space size={8}>
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
                {url ? labels.replace : labels.upload}
              </Button>
            </Upload>
            {onRemove && url && (
              <Button type="link" onClick={onRemove}>
                {labels.remove}
              </Button>
            )}
          </Space>
          <Typography.Text type="secondary">{labels.hint}</Typography.Text>
        </Flex>
      )}
    </Flex>
  );
}
