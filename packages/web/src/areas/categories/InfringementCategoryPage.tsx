import { useState } from 'react';
import { Card, Empty, Space, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AGGREGATE_CATEGORIES, categories as contract, type InfringementCategory } from '@portal/contract';
import { seededCall, setCallData } from '../../platform/calls';
import { api } from '../../platform/api';
import { currentLocale } from '../../platform/i18n';
import { EditableTable } from '../../components/EditableTable';
import { useMaster } from '../../components/useMaster';

type Sub = InfringementCategory['subcategories'][number];

/** /analyst/infringement-category: main categories (choose one) above the subcategories of the chosen one. */
export default function InfringementCategoryPage() {
  const { t } = useTranslation('categories');
  const mains = useMaster(seededCall('/api/analyst/fetch-infringement-categories', (answer) => answer.categories, (categories) => ({ categories })), {});
  const [chosen, setChosen] = useState<number>();
  const selected = mains.rows?.find((c) => c.id === chosen) ?? mains.rows?.[0];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('title')}
      </Typography.Title>
      <Card title={t('main.title')}>
        <EditableTable
          name="categories"
          {...mains}
          rowId={(c) => c.id}
          columns={[
            { title: t('main.name'), dataIndex: 'name', editor: { type: 'text', maxLength: 100 }, required: true },
            { title: t('main.nameEn'), dataIndex: 'name_en', param: 'nameEn', editor: { type: 'text', maxLength: 100 }, required: true },
            { title: t('main.code'), dataIndex: 'code', editor: { type: 'text', maxLength: 50 }, width: 160 },
          ]}
          context={{}}
          create={{ schema: contract.createCategoryInput, call: async (input) => (await api('/api/analyst/create-infringement-category', input)).categories }}
          update={{
            schema: contract.updateCategoryInput,
            idParam: 'categoryId',
            call: async (input) => (await api('/api/analyst/update-infringement-category', input)).categories,
          }}
          remove={async (c) => (await api('/api/analyst/remove-infringement-category', { categoryId: c.id })).categories}
          addLabel={t('main.add')}
          selection={{ selectedId: selected?.id, onSelect: (c) => setChosen(c.id) }}
        />
      </Card>
      <Card title={selected ? t('sub.title', { name: selected.name }) : undefined}>
        {selected ? <Subcategories key={selected.id} category={selected} /> : <Empty description={t('sub.choose')} />}
      </Card>
    </Space>
  );
}

function Subcategories({ category }: { category: InfringementCategory }) {
  const { t } = useTranslation('categories');
  const queryClient = useQueryClient();
  const locale = currentLocale();
  const aggregates = Object.entries(AGGREGATE_CATEGORIES).map(([value, names]) => ({ value: Number(value), label: `${value} ${names[locale]}` }));
  // Subcategory calls answer with the chosen category's list; it replaces that part of the cached master.
  const onRows = (subs: readonly Sub[]) =>
    setCallData(queryClient, '/api/analyst/fetch-infringement-categories', {}, (old) => old && { ...old, categories: old.categories.map((c) => (c.id === category.id ? { ...c, subcategories: [...subs] } : c)) });

  return (
    <EditableTable
      name="subcategories"
      rows={category.subcategories}
      onRows={onRows}
      rowId={(s) => s.id}
      columns={[
        { title: t('sub.name'), dataIndex: 'name', param: 'subcategoryName', editor: { type: 'text', maxLength: 100 }, required: true },
        { title: t('sub.nameEn'), dataIndex: 'name_en', param: 'subcategoryNameEn', editor: { type: 'text', maxLength: 100 }, required: true },
        { title: t('sub.code'), dataIndex: 'code', param: 'subcategoryCode', editor: { type: 'text', maxLength: 50 }, required: true, width: 140 },
        { title: t('sub.aggregate'), dataIndex: 'commonCategory', editor: { type: 'select', options: aggregates, showSearch: true }, required: true, width: 260 },
      ]}
      context={{ categoryId: category.id }}
      create={{ schema: contract.createSubcategoryInput, call: async (input) => (await api('/api/analyst/create-infringement-subcategory', input)).categories }}
      update={{
        schema: contract.updateSubcategoryInput,
        idParam: 'subcategoryId',
        call: async (input) => (await api('/api/analyst/update-infringement-subcategory', input)).categories,
      }}
      remove={async (s) => (await api('/api/analyst/remove-infringement-subcategory', { categoryId: category.id, subcategoryId: s.id })).categories}
      addLabel={t('sub.add')}
    />
  );
}
