import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MembersOnlyText } from '../../components/MembersOnly';

/** Spec 2.3: unknown paths, and routes the user's role may not reach, both show this page. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div data-testid="not-found">
      <Result
        status="404"
        title={t('membersOnly.title')}
        subTitle={<MembersOnlyText />}
        extra={
          <Link to="/profile">
            <Button type="primary">{t('membersOnly.back')}</Button>
          </Link>
        }
      />
    </div>
  );
}
