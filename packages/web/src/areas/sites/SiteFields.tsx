import { Checkbox, Col, Form, Input, Radio, Row } from 'antd';
import { FormSelect } from '../../components/FormSelect';
import { useCall } from '../../platform/calls';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../platform/i18n';
import { SELECT_WIDTH, regionOptions } from './model';

/** The infringement main categories, shared with the category master page's cache. */
export function useCategories() {
  // The category master page's call: both share one cached list.
  return useCall('/api/analyst/fetch-infringement-categories', {}, { select: (answer) => answer.categories });
}

/** The site's own fields, in the create and the detail form (names as the contract's payload). */
export function SiteFields() {
  const { t } = useTranslation('sites');
  const locale = currentLocale();
  const categories = useCategories();
  const categoryOptions = (categories.data ?? []).map((c) => ({ value: c.id, label: locale === 'ja' ? c.name : c.name_en || c.name }));

  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item label={t('field.name')} name="siteName" required>
          <Input maxLength={200} data-testid="site-name" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t('field.url')} name="siteURL" required>
          <Input maxLength={2000} placeholder="https://" data-testid="site-url" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label={t('field.region')} name="region" required>
          <FormSelect
            showSearch
            optionFilterProp="label"
            options={regionOptions(locale)}
            placeholder={t('field.regionPlaceholder')}
            style={{ width: SELECT_WIDTH }}
            data-testid="site-region"
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label={t('field.category')} name="categoryId" required>
          <FormSelect
            showSearch
            optionFilterProp="label"
            loading={categories.isLoading}
            options={categoryOptions}
            placeholder={t('field.categoryPlaceholder')}
            style={{ width: SELECT_WIDTH }}
            data-testid="site-category"
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label={t('field.crawler')} name="hasCrawler">
          <Radio.Group data-testid="site-crawler">
            <Radio value={1} data-testid="site-crawler-1">
              {t('field.crawlerPossible')}
            </Radio>
            <Radio value={0} data-testid="site-crawler-0">
              {t('field.crawlerImpossible')}
            </Radio>
          </Radio.Group>
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="fetchWithBrowser" valuePropName="checked" extra={t('field.fetchWithBrowserHelp')}>
          <Checkbox data-testid="site-fetch-with-browser">{t('field.fetchWithBrowser')}</Checkbox>
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item label={t('field.remarks')} name="remarks">
          <Input.TextArea maxLength={1000} showCount autoSize={{ minRows: 2, maxRows: 6 }} data-testid="site-remarks" />
        </Form.Item>
      </Col>
    </Row>
  );
}
