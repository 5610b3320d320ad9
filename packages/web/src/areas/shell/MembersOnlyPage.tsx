import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MembersOnlyText } from '../../components/MembersOnly';

/** Spec 2.3: a route that exists but the user's role may not reach ("for regular members; contact sales"). */
export default function MembersOnlyPage() {
  const { t } = useTranslation();
  return (
    <div data-testid="members-only">
      <Result
        status="403"
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
