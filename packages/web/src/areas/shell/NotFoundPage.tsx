import { Button, Result, Typography } from 'antd';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';

/** An address that matches no route: "page not found" and a way home, for signed-in users and visitors alike. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <div data-testid="not-found">
      <Result
        status="404"
        title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>{t('notFound.title')}</h1>}
        subTitle={
          <>
            {t('notFound.text')}
            <br />
            <Typography.Text code>{pathname}</Typography.Text>
          </>
        }
        extra={
          // "/" leads a signed-in user to their landing page and a visitor to the sign-in page.
          <Link to="/">
            <Button type="primary">{t('notFound.home')}</Button>
          </Link>
        }
      />
    </div>
  );
}
