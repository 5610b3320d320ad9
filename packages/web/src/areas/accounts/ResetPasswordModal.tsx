import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AccountListItem } from '@portal/contract';
import { ResetPasswordForm } from './ResetPasswordForm';

interface ResetPasswordModalProps {
  user: AccountListItem;
  open: boolean;
  onClose: () => void;
}

/** Spec 2.10 and 4: the reset-password modal of the detail pages; closing it (cancel or done) clears its fields. */
export function ResetPasswordModal({ user, open, onClose }: ResetPasswordModalProps) {
  const { t } = useTranslation('accounts');
  return (
    <Modal open={open} title={t('reset.title')} footer={null} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('reset.for', { name: user.user_name, mail: user.user_mail })}</Typography.Paragraph>
      <ResetPasswordForm userId={user.user_id} onDone={onClose} onCancel={onClose} />
    </Modal>
  );
}
