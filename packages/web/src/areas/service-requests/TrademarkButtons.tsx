import { Button, Space } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Trademark } from '@portal/contract';

/** The trademark page's "request renewal" and "report an office action": the type's list with its form filled in. */
export function ServiceRequestButtons({ trademark }: { trademark: Trademark }) {
  const { t } = useTranslation('requests');
  const navigate = useNavigate();
  const open = (path: string, title: string, withExpiry: boolean) => {
    const q = new URLSearchParams({ new: '1', trademarkId: String(trademark.trademark_id), clientId: String(trademark.trademark_client_id), title });
    if (withExpiry && trademark.trademark_invalid_date) q.set('expiryDate', trademark.trademark_invalid_date);
    void navigate(`${path}?${q.toString()}`);
  };
  return (
    <Space>
      <Button size="small" onClick={() => open('/update-trademark', `${t('tm.requestRenewal')}: ${trademark.trademark_text} (${trademark.trademark_no})`, true)} data-testid="request-renewal">
        {t('tm.requestRenewal')}
      </Button>
      <Button size="small" onClick={() => open('/trademark-reject-report', `${t('tm.reportOfficeAction')}: ${trademark.trademark_text} (${trademark.trademark_no})`, false)} data-testid="report-office-action">
        {t('tm.reportOfficeAction')}
      </Button>
    </Space>
  );
}
