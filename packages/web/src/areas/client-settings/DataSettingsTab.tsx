import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { EcReportPanel } from '../../kinds/ec/EcReportPanel';
import { StandardReportPanel } from '../../records/reports/StandardReportPanel';
import { SNS_REPORT } from '../../kinds/sns/reportModel';
import { WS_REPORT } from '../../kinds/ws/reportModel';
import { AttorneyLetterTable } from './AttorneyLetterTable';
import { EcMasterPanel } from './EcMasterPanel';
import { GenuinePhotosPanel } from './GenuinePhotosPanel';
import { ImpactSettingsPanel } from './ImpactSettingsPanel';
import { RecheckSettingsPanel } from './RecheckSettingsPanel';
import { TrademarkCountriesPanel } from './TrademarkCountriesPanel';
import { TriageRulesPanel } from '../triage/TriageRulesPanel';
import { useMayWrite } from '../../records/scope';
import './dataSettings.css';

/**
 * Spec 2.12, the data settings tab of a client, for the analysts who manage it (the detail page gates the tab; the
 * server refuses others too). Loaded on demand: the country list comes with this chunk only.
 */
export default function DataSettingsTab({ clientId }: { clientId: number }) {
  const { t } = useTranslation('settings');
  const { t: tt } = useTranslation('triage');
  const { t: tp } = useTranslation('pictures');
  // The tab is the managers' already; an analyst who reaches it otherwise sees the photos without the controls.
  const mayChange = useMayWrite(clientId) === true;
  return (
    <Tabs
      defaultActiveKey="ecMaster"
      type="card"
      className="data-settings-tabs"
      items={[
        { key: 'ecReport', label: t('tab.ecReport'), children: <EcReportPanel clientId={clientId} /> },
        { key: 'ecMaster', label: t('tab.ecMaster'), children: <EcMasterPanel clientId={clientId} /> },
        { key: 'wsReport', label: t('tab.wsReport'), children: <StandardReportPanel clientId={clientId} report={WS_REPORT} /> },
        { key: 'snsReport', label: t('tab.snsReport'), children: <StandardReportPanel clientId={clientId} report={SNS_REPORT} /> },
        { key: 'letters', label: t('tab.letters'), children: <AttorneyLetterTable clientId={clientId} /> },
        { key: 'pictures', label: tp('tab'), children: <GenuinePhotosPanel clientId={clientId} mayChange={mayChange} /> },
        { key: 'trademark', label: t('tab.trademark'), children: <TrademarkCountriesPanel clientId={clientId} /> },
        { key: 'triage', label: tt('tab'), children: <TriageRulesPanel clientId={clientId} /> },
        { key: 'other', label: t('tab.other'), children: <ImpactSettingsPanel clientId={clientId} /> },
        { key: 'recheck', label: t('tab.recheck'), children: <RecheckSettingsPanel clientId={clientId} /> },
      ]}
    />
  );
}
