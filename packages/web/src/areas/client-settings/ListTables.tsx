import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { masters } from '@portal/contract';
import { seededCall } from '../../platform/calls';
import { api } from '../../platform/api';
import { EditableTable } from '../../components/EditableTable';
import { useMaster } from '../../components/clientSettings';

/** EC master, blacklist (type 2) and whitelist (type 1) tabs: URLs and sellers. */
export function SpecialUrlTable({ clientId, type }: { clientId: number; type: 1 | 2 }) {
  const { t } = useTranslation('settings');
  const master = useMaster(seededCall('/api/analyst/fetch-special-urls', (answer) => answer.urls, (urls) => ({ urls })), { clientId, type });
  return (
    <>
      <Typography.Paragraph type="secondary">{t(type === 2 ? 'url.blackHint' : 'url.whiteHint')}</Typography.Paragraph>
      <EditableTable
        name={type === 2 ? 'blacklist' : 'whitelist'}
        {...master}
        rowId={(u) => u.id}
        columns={[
          {
            title: t('url.url'),
            dataIndex: 'url',
            editor: { type: 'text', maxLength: 2000, placeholder: 'https://' },
            ellipsis: true,
            render: (u) => (u.url ? <Typography.Link href={u.url} target="_blank" rel="noreferrer">{u.url}</Typography.Link> : ''),
          },
          { title: t('url.seller'), dataIndex: 'seller', editor: { type: 'text', maxLength: 200 }, width: 150 },
          { title: t('url.sellerId'), dataIndex: 'sellerId', editor: { type: 'text', maxLength: 200 }, width: 130 },
          { title: t('url.company'), dataIndex: 'company', editor: { type: 'text', maxLength: 200 }, width: 150 },
          { title: t('url.remarks'), dataIndex: 'remarks', editor: { type: 'text', maxLength: 1000 }, width: 160, ellipsis: true },
        ]}
        context={{ clientId, type }}
        create={{ schema: masters.createUrlInput, call: async (input) => (await api('/api/analyst/create-special-url', input)).urls }}
        update={{ schema: masters.updateUrlInput, idParam: 'urlId', call: async (input) => (await api('/api/analyst/update-special-url', input)).urls }}
        remove={async (u) => (await api('/api/analyst/remove-special-url', { clientId, urlId: u.id })).urls}
        addLabel={t(type === 2 ? 'url.addBlack' : 'url.addWhite')}
      />
    </>
  );
}

/** EC master, compatible (type 1) and genuine (type 2) wording tabs. */
export function SpecialWordTable({ clientId, type }: { clientId: number; type: 1 | 2 }) {
  const { t } = useTranslation('settings');
  const master = useMaster(seededCall('/api/analyst/fetch-special-words', (answer) => answer.words, (words) => ({ words })), { clientId, type });
  return (
    <>
      <Typography.Paragraph type="secondary">{t(type === 1 ? 'word.compatibleHint' : 'word.genuineHint')}</Typography.Paragraph>
      <EditableTable
        name={type === 1 ? 'compatible' : 'genuine'}
        {...master}
        rowId={(w) => w.id}
        columns={[{ title: t('word.word'), dataIndex: 'word', editor: { type: 'text', maxLength: 200 }, required: true }]}
        context={{ clientId, type }}
        create={{ schema: masters.createWordInput, call: async (input) => (await api('/api/analyst/create-special-word', input)).words }}
        update={{ schema: masters.updateWordInput, idParam: 'wordId', call: async (input) => (await api('/api/analyst/update-special-word', input)).words }}
        remove={async (w) => (await api('/api/analyst/remove-special-word', { clientId, wordId: w.id })).words}
        addLabel={t(type === 1 ? 'word.addCompatible' : 'word.addGenuine')}
      />
    </>
  );
}
