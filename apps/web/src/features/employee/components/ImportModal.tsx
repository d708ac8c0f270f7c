// Staff import (POST /api/employee/import): choose an .xlsx or .csv file, send it, then show the per-row report.
import { useState } from 'react';
import { Alert, App, Button, Flex, Modal, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import type { ImportReport as Report } from '@svc/contracts';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api/client';
import { apiEnvironment } from '@/lib/api/environment';
import { useImportEmployeesMutation } from '../api/employee-import-mutation';
import { ImportReport } from './ImportReport';

/** The server's own limit for import files. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** The column names the server reads (it accepts the Chinese names too); roles are separated by `;`. */
export const IMPORT_COLUMNS = ['loginName', 'name', 'password', 'roles', 'mobile', 'email', 'department'] as const;

export function importFileProblem(file: { name: string; size: number }): 'import.wrongType' | 'import.tooLarge' | null {
  if (!/\.(xlsx|csv)$/i.test(file.name)) return 'import.wrongType';
  if (file.size > IMPORT_MAX_BYTES) return 'import.tooLarge';
  return null;
}

function downloadTemplate() {
  // A UTF-8 byte-order mark so spreadsheet programs open Chinese names correctly; the server skips it.
  const csv = `\uFEFF${IMPORT_COLUMNS.join(',')}\r\n`;
  apiEnvironment().saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), 'staff-import-template.csv');
}

export function ImportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('user');
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  const send = useImportEmployeesMutation();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  const [failure, setFailure] = useState<string>();

  const reset = () => {
    setFile(null);
    setReport(null);
    setFailure(undefined);
  };

  async function submit() {
    if (!file) {
      setFailure(t('import.chooseFile'));
      return;
    }
    setFailure(undefined);
    try {
      setReport(await send.mutateAsync(file));
    } catch (e) {
      setFailure(isApiError(e) ? e.message : String(e));
    }
  }

  return (
    <Modal
      title={t('import.title')}
      open={open}
      width={720}
      onCancel={onClose}
      afterOpenChange={(visible) => !visible && reset()}
      footer={
        report ? (
          <Flex justify="end" gap={8}>
            <Button onClick={reset}>{t('import.again')}</Button>
            <Button type="primary" onClick={onClose}>
              {tc('action.close')}
            </Button>
          </Flex>
        ) : (
          <Flex justify="end" gap={8}>
            <Button onClick={onClose}>{tc('action.cancel')}</Button>
            <Button type="primary" loading={send.isPending} onClick={() => void submit()}>
              {t('import.submit')}
            </Button>
          </Flex>
        )
      }
    >
      {report ? (
        <ImportReport report={report} />
      ) : (
        <Flex vertical gap={12}>
          {failure && <Alert type="error" showIcon title={failure} />}
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('import.hint')}
          </Typography.Paragraph>
          <Typography.Text code>{IMPORT_COLUMNS.join(', ')}</Typography.Text>
          <Upload.Dragger
            accept=".xlsx,.csv"
            maxCount={1}
            fileList={file ? [{ uid: 'import', name: file.name, size: file.size, status: 'done' }] : []}
            onRemove={() => setFile(null)}
            beforeUpload={(chosen) => {
              const problem = importFileProblem(chosen);
              if (problem) void message.error(t(problem));
              else {
                setFile(chosen);
                setFailure(undefined);
              }
              // Never upload on choice: the file goes only when the user presses import.
              return Upload.LIST_IGNORE;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('import.drop')}</p>
            <p className="ant-upload-hint">{t('import.dropHint')}</p>
          </Upload.Dragger>
          <div>
            <Button type="link" icon={<DownloadOutlined />} onClick={downloadTemplate} style={{ paddingInline: 0 }}>
              {t('import.template')}
            </Button>
          </div>
        </Flex>
      )}
    </Modal>
  );
}
