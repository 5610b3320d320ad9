import { useTranslation } from 'react-i18next';
import { CUSTOM_COLUMN_CATEGORIES, EC_RECORD_FIELDS, masters } from '@portal/contract';
import { seededCall } from '../../platform/calls';
import { api } from '../../platform/api';
import { toLocale } from '../../platform/i18n';
import { EditableTable } from '../../components/EditableTable';
import { useMaster } from '../../components/clientSettings';

/** EC master, product category tab: name, English name and code. */
export function CategoryTable({ clientId }: { clientId: number }) {
  const { t } = useTranslation('settings');
  const master = useMaster(seededCall('/api/analyst/fetch-product-categories', (answer) => answer.categories, (categories) => ({ categories })), { clientId });
  return (
    <EditableTable
      name="categories"
      {...master}
      rowId={(c) => c.id}
      columns={[
        { title: t('category.name'), dataIndex: 'name', editor: { type: 'text', maxLength: 100 }, required: true },
        { title: t('category.nameEn'), dataIndex: 'name_en', param: 'nameEn', editor: { type: 'text', maxLength: 100 }, required: true },
        { title: t('category.code'), dataIndex: 'code', editor: { type: 'text', maxLength: 50 }, required: true, width: 160 },
      ]}
      context={{ clientId }}
      create={{ schema: masters.createCategoryInput, call: async (input) => (await api('/api/analyst/create-product-category', input)).categories }}
      update={{
        schema: masters.updateCategoryInput,
        idParam: 'categoryId',
        call: async (input) => (await api('/api/analyst/update-product-category', input)).categories,
      }}
      remove={async (c) => (await api('/api/analyst/remove-product-category', { clientId, categoryId: c.id })).categories}
      addLabel={t('category.add')}
    />
  );
}

/** EC master, additional items tab: custom columns of the EC records, placed after a record field. */
export function CustomColumnTable({ clientId }: { clientId: number }) {
  const { t, i18n } = useTranslation('settings');
  const locale = toLocale(i18n.language);
  const master = useMaster(seededCall('/api/analyst/fetch-custom-columns', (answer) => answer.columns, (columns) => ({ columns })), { clientId });
  const categories = Object.entries(CUSTOM_COLUMN_CATEGORIES).map(([value, names]) => ({ value: Number(value), label: names[locale] }));
  const positions = EC_RECORD_FIELDS.map((field) => ({ value: field.key, label: field[locale] }));
  return (
    <EditableTable
      name="columns"
      {...master}
      rowId={(c) => c.column_id}
      columns={[
        { title: t('column.name'), dataIndex: 'column_name', param: 'name', editor: { type: 'text', maxLength: 50 }, required: true },
        { title: t('column.category'), dataIndex: 'column_category', param: 'category', editor: { type: 'select', options: categories }, required: true },
        {
          title: t('column.position'),
          dataIndex: 'column_position',
          param: 'position',
          editor: { type: 'select', options: positions, showSearch: true, placeholder: t('column.positionPlaceholder') },
          required: true,
        },
        { title: t('column.order'), dataIndex: 'column_order', param: 'order', editor: { type: 'number', min: 0, max: 9999, precision: 0 }, required: true, width: 110 },
      ]}
      context={{ clientId }}
      create={{ schema: masters.createColumnInput, call: async (input) => (await api('/api/analyst/create-custom-column', input)).columns }}
      update={{
        schema: masters.updateColumnInput,
        idParam: 'columnId',
        call: async (input) => (await api('/api/analyst/update-custom-column', input)).columns,
      }}
      remove={async (c) => (await api('/api/analyst/remove-custom-column', { clientId, columnId: c.column_id })).columns}
      addLabel={t('column.add')}
    />
  );
}
