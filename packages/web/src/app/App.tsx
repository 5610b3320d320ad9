import { App as AntApp, ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../platform/queryClient';
import { router } from './routes';
import { antdLocaleOf } from '../platform/i18n';
import { useStepperLabels } from '../platform/stepperLabels';
// Visible keyboard focus on every page, the sign-in pages included.
import './focus.css';
import { portalTheme } from './theme';

/** Providers in one place; antd's texts (and dayjs, via i18n.ts) follow the interface language. */
export function App() {
  const { t, i18n } = useTranslation();
  const antdLocale = antdLocaleOf(i18n.language);
  useStepperLabels(t('stepper.increase'), t('stepper.decrease'));
  return (
    // autoInsertSpace off: antd would show "保存" as "保 存", which reads oddly and breaks finding buttons by text.
    // modal: rc-dialog names the close button "Close" in English unless the closable settings name it.
    <ConfigProvider theme={portalTheme} locale={antdLocale} button={{ autoInsertSpace: false }} modal={{ closable: { 'aria-label': t('close') } }}>
      {/* AntApp gives toasts (App.useApp().message) the theme and locale of this provider. */}
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
