import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStepperLabels } from '../platform/stepperLabels';
import { useAntdLocale } from './antdLocale';
import { portalTheme } from './theme';

/** antd's providers for the signed-in shell; its texts (and dayjs, via i18n.ts) follow the interface language. */
export function AntdProviders({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const antdLocale = useAntdLocale();
  useStepperLabels(t('stepper.increase'), t('stepper.decrease'));
  return (
    // autoInsertSpace off: antd would show "保存" as "保 存", which reads oddly and breaks finding buttons by text.
    // modal: rc-dialog names the close button "Close" in English unless the closable settings name it.
    <ConfigProvider theme={portalTheme} locale={antdLocale} button={{ autoInsertSpace: false }} modal={{ closable: { 'aria-label': t('close') } }}>
      {/* AntApp gives toasts (App.useApp().message) the theme and locale of this provider. */}
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}
