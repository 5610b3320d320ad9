import { useTranslation } from 'react-i18next';
import { masters } from '@portal/contract';
import { COUNTRIES } from '@portal/contract/code-lists';
import { seededCall } from '../../platform/calls';
import { api } from '../../platform/api';
import { toLocale } from '../../platform/i18n';
import { EditableTable } from '../../components/EditableTable';
import { useMaster } from '../../components/clientSettings';

/** Spec 2.12, attorney letters: per country (sent as its ISO code in `region`), with dates and a reminder. */
export function AttorneyLetterTable({ clientId }: { clientId: number }) {
  const { t, i18n } = useTranslation('settings');
  const locale = toLocale(i18n.language);
  const master = useMaster(seededCall('/api/analyst/fetch-attorney-letters', (answer) => answer.letters, (letters) => ({ letters })), { clientId });
  const countries = COUNTRIES.map((c) => ({ value: c.code, label: c[locale] }));
  return (
    <EditableTable
      name="letters"
      {...master}
      rowId={(l) => l.id}
      columns={[
        {
          title: t('letter.country'),
          dataIndex: 'region',
          editor: { type: 'select', options: countries, showSearch: true, placeholder: t('letter.countryPlaceholder') },
          required: true,
        },
        { title: t('letter.start'), dataIndex: 'startDate', editor: { type: 'date' }, required: true, width: 160 },
        { title: t('letter.end'), dataIndex: 'endDate', editor: { type: 'date' }, required: true, width: 160 },
        { title: t('letter.remind'), dataIndex: 'remindFlag', editor: { type: 'checkbox' }, width: 140 },
      ]}
      context={{ clientId }}
      initialValues={{ remindFlag: false }}
      create={{ schema: masters.createLetterInput, call: async (input) => (await api('/api/analyst/create-attorney-letter', input)).letters }}
      update={{
        schema: masters.updateLetterInput,
        idParam: 'letterId',
        call: async (input) => (await api('/api/analyst/update-attorney-letter', input)).letters,
      }}
      remove={async (l) => (await api('/api/analyst/remove-attorney-letter', { clientId, letterId: l.id })).letters}
      addLabel={t('letter.add')}
    />
  );
}
