import { useState } from 'react';
import { Card, Col, Empty, Row, Tabs } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { masters } from '@portal/contract';
import { seededCall, setCallData } from '../../platform/calls';
import { api } from '../../platform/api';
import { EditableTable } from '../../components/EditableTable';
import { useMaster, type Brand, type Keyword, type Model } from '../../components/clientSettings';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** EC master, brand tab: the brands on the left; the chosen one's keywords and models on the right. */
export function BrandPanel({ clientId }: { clientId: number }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const brands = useMaster(seededCall('/api/analyst/fetch-brands', (answer) => answer.brands, (brands) => ({ brands })), { clientId });
  const [chosen, setChosen] = useState<number>();
  const selected = brands.rows?.find((b) => b.brand_id === chosen) ?? brands.rows?.[0];
  // Keyword and model calls answer with the brand's whole list; it replaces that part of the cached brand.
  const setPart = (brandId: number, part: Partial<Brand>) =>
    setCallData(queryClient, '/api/analyst/fetch-brands', { clientId }, (old) => old && { ...old, brands: old.brands.map((b) => (b.brand_id === brandId ? { ...b, ...part } : b)) });

  return (
    <Row gutter={[24, 16]}>
      <Col xs={24} xl={11}>
        <EditableTable
          name="brands"
          {...brands}
          rowId={(b) => b.brand_id}
          columns={[{ title: t('brand.name'), dataIndex: 'brand_name', param: 'brand', editor: { type: 'text', maxLength: 100 }, required: true }]}
          context={{ clientId }}
          create={{ schema: masters.createBrandInput, call: async (input) => (await api('/api/analyst/create-brand', input)).brands }}
          update={{ schema: masters.updateBrandInput, idParam: 'brandId', call: async (input) => (await api('/api/analyst/update-brand', input)).brands }}
          remove={async (b) => (await api('/api/analyst/remove-brand', { clientId, brandId: b.brand_id })).brands}
          addLabel={t('brand.add')}
          selection={{ selectedId: selected?.brand_id, onSelect: (b) => setChosen(b.brand_id) }}
        />
      </Col>
      <Col xs={24} xl={13}>
        {selected ? (
          <Card key={selected.brand_id} size="small" title={t('brand.selected', { name: selected.brand_name })} data-testid="brand-detail">
            <Tabs
              items={[
                {
                  key: 'keywords',
                  label: t('brand.keywords', { count: selected.keywords.length }),
                  children: <KeywordTable clientId={clientId} brand={selected} onRows={(keywords) => setPart(selected.brand_id, { keywords: [...keywords] })} />,
                },
                {
                  key: 'models',
                  label: t('brand.models', { count: selected.models.length }),
                  children: <ModelTable clientId={clientId} brand={selected} onRows={(models) => setPart(selected.brand_id, { models: [...models] })} />,
                },
              ]}
            />
          </Card>
        ) : (
          <Empty description={t('brand.choose')} />
        )}
      </Col>
    </Row>
  );
}

interface PartProps<Row> {
  clientId: number;
  brand: Brand;
  onRows: (rows: readonly Row[]) => void;
}

function KeywordTable({ clientId, brand, onRows }: PartProps<Keyword>) {
  const { t } = useTranslation('settings');
  const brandId = brand.brand_id;
  return (
    <EditableTable
      name="keywords"
      rows={brand.keywords}
      onRows={onRows}
      rowId={(k) => k.keyword_id}
      columns={[{ title: t('brand.keyword'), dataIndex: 'keyword_name', param: 'keywordName', editor: { type: 'text', maxLength: 100 }, required: true }]}
      context={{ clientId, brandId }}
      create={{ schema: masters.createKeywordInput, call: async (input) => (await api('/api/analyst/create-brand-keyword', input)).brandKeywords }}
      update={{
        schema: masters.updateKeywordInput,
        idParam: 'keywordId',
        call: async (input) => (await api('/api/analyst/update-brand-keyword', input)).brandKeywords,
      }}
      remove={async (k) => (await api('/api/analyst/remove-brand-keyword', { clientId, brandId, keywordId: k.keyword_id })).brandKeywords}
      addLabel={t('brand.addKeyword')}
    />
  );
}

function ModelTable({ clientId, brand, onRows }: PartProps<Model>) {
  const { t } = useTranslation('settings');
  const brandId = brand.brand_id;
  return (
    <EditableTable
      name="models"
      rows={brand.models}
      onRows={onRows}
      rowId={(m) => m.model_id}
      columns={[
        { title: t('brand.model'), dataIndex: 'model_name', param: 'brandModelName', editor: { type: 'text', maxLength: 100 }, required: true },
        {
          title: t('brand.price'),
          dataIndex: 'model_price',
          param: 'brandModelPrice',
          editor: { type: 'number', min: 0, precision: 2, prefix: '$', placeholder: t('brand.pricePlaceholder') },
          required: true,
          width: 180,
          render: (m) => dollars.format(m.model_price),
        },
      ]}
      context={{ clientId, brandId }}
      create={{ schema: masters.createModelInput, call: async (input) => (await api('/api/analyst/create-brand-model', input)).brandModels }}
      update={{
        schema: masters.updateModelInput,
        idParam: 'brandModelId',
        call: async (input) => (await api('/api/analyst/update-brand-model', input)).brandModels,
      }}
      remove={async (m) => (await api('/api/analyst/remove-brand-model', { clientId, brandId, brandModelId: m.model_id })).brandModels}
      addLabel={t('brand.addModel')}
    />
  );
}
