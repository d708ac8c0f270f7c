// The password change from the account menu: everyone who signs in may change their own password,
// including the accounts SPEC §2 gives no personal info page (enterprise main accounts).
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { PasswordChangeForm } from './PasswordChangeForm';

export function PasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('platform');
  return (
    <Modal open={open} title={t('password.title')} footer={null} onCancel={onClose} destroyOnHidden width={480}>
      <PasswordChangeForm />
    </Modal>
  );
}
