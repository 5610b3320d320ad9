import { Button, Card, DatePicker, Flex, Form, Input, Select, Space } from 'antd';
import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { SearchConditions } from '@portal/contract';
import { DATE_FORMAT, MATCH_OPTIONS, endBeforeStart, toConditions, toValues, type SearchValues as Values } from './searchValues';

/** One searchable field of a list: its whitelisted name (the server's) and its label in the user's language. */
export interface SearchFieldOption<F extends string> {
  value: F;
  label: string;
}

export interface SearchBarProps<D extends string, W extends string> {
  /** The list's date fields; none hides the date part (spec 2.9: the date fields are optional). */
  dateFields: readonly SearchFieldOption<D>[];
  /** The list's keyword fields. */
  wordFields: readonly SearchFieldOption<W>[];
  /** What the bar shows first and comes back to on Reset; missing parts are empty, the match type fuzzy. */
  initial?: Partial<SearchConditions<D, W>>;
  /** Find: the conditions in the contract's shape, for the list's search call (the server applies them). */
  onSearch: (conditions: SearchConditions<D, W>) => void;
  /** Reset: the bar is back at `initial`; the list shows its unfiltered rows again. */
  onReset: () => void;
  /** The list is loading: Find shows it. */
  loading?: boolean;
}

/**
 * Spec 2.9, the search bar of every list: date fields with a from/to range, keyword fields with a keyword and a
 * match type, Find and Reset. An end date before the start date is not submitted (spec 5, the contract's message).
 */
export function SearchBar<D extends string, W extends string>(props: SearchBarProps<D, W>) {
  const { dateFields, wordFields, initial, onSearch, onReset, loading = false } = props;
  const { t } = useTranslation(['search', 'contract']);
  const [form] = Form.useForm<Values<D, W>>();

  const submit = (values: Values<D, W>) => onSearch(toConditions(values));

  const reset = () => {
    form.resetFields();
    onReset();
  };

  // Checked on Find only (no dependencies): an error while the user is still filling the bar in would only distract.
  const needs = (field: 'dateFields' | 'wordFields') => ({
    validator: async (_: unknown, chosen: string[] | undefined) => {
      const { startDate, endDate, keyword } = form.getFieldsValue(['startDate', 'endDate', 'keyword']) as Partial<Values<D, W>>;
      const given = field === 'dateFields' ? Boolean(startDate || endDate) : Boolean(keyword?.trim());
      if (given && !chosen?.length) throw new Error(t(field === 'dateFields' ? 'dateFieldsMissing' : 'wordFieldsMissing'));
    },
  });

  return (
    <Card size="small" style={{ marginBottom: 16 }}>
      <Form<Values<D, W>> form={form} initialValues={toValues(initial)} onFinish={submit} data-testid="search-bar">
        <Flex vertical gap={12}>
          {dateFields.length > 0 && (
            <Flex wrap gap={8} align="start">
              <Form.Item
                name="dateFields"
                label={t('dateFields')}
                rules={[needs('dateFields')]}
                style={{ marginBottom: 0 }}
              >
                <Select<D[]>
                  mode="multiple"
                  allowClear
                  options={dateFields.map(({ value, label }) => ({ value, label }))}
                  placeholder={t('dateFields.placeholder')}
                  style={{ minWidth: 240 }}
                  data-testid="search-date-fields"
                />
              </Form.Item>
              <Space.Compact>
                <Form.Item name="startDate" style={{ marginBottom: 0 }}>
                  <DatePicker format={DATE_FORMAT} placeholder={t('startDate')} data-testid="search-start" />
                </Form.Item>
                <Form.Item
                  name="endDate"
                  dependencies={['startDate']}
                  style={{ marginBottom: 0 }}
                  rules={[
                    {
                      validator: async (_, end: Dayjs | null) => {
                        const start = form.getFieldValue('startDate') as Dayjs | null;
                        if (endBeforeStart(start, end)) throw new Error(t('contract:validation.endBeforeStart'));
                      },
                    },
                  ]}
                >
                  <DatePicker format={DATE_FORMAT} placeholder={t('endDate')} data-testid="search-end" />
                </Form.Item>
              </Space.Compact>
            </Flex>
          )}
          <Flex wrap gap={8} align="start">
            <Form.Item
              name="wordFields"
              label={t('wordFields')}
              rules={[needs('wordFields')]}
              style={{ marginBottom: 0 }}
            >
              <Select<W[]>
                mode="multiple"
                allowClear
                options={wordFields.map(({ value, label }) => ({ value, label }))}
                placeholder={t('wordFields.placeholder')}
                style={{ minWidth: 240 }}
                data-testid="search-word-fields"
              />
            </Form.Item>
            <Form.Item name="keyword" style={{ marginBottom: 0 }}>
              <Input allowClear maxLength={200} placeholder={t('keyword.placeholder')} style={{ width: 220 }} data-testid="search-keyword" />
            </Form.Item>
            <Form.Item name="searchType" label={t('searchType')} style={{ marginBottom: 0 }}>
              <Select
                options={MATCH_OPTIONS.map(({ value, key }) => ({ value, label: t(key) }))}
                style={{ width: 130 }}
                data-testid="search-type"
              />
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={loading} data-testid="search-find">
                {t('find')}
              </Button>
              <Button icon={<UndoOutlined />} onClick={reset} data-testid="search-reset">
                {t('reset')}
              </Button>
            </Space>
          </Flex>
        </Flex>
      </Form>
    </Card>
  );
}
