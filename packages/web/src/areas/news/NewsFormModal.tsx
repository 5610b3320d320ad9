import { App, Button, DatePicker, Flex, Form, Input, Modal } from 'antd';
import { useInvalidateCalls } from '../../platform/calls';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { notices, type NewsItem } from '@portal/contract';
import { api, errorMessage } from '../../platform/api';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import { useSchemaForm, type FormSchema } from '../../components/useSchemaForm';
import { NEWS_READS } from './model';

interface Values {
  title?: string;
  url?: string;
  date?: Dayjs | null;
}

/** What either schema answers: an update carries the item's id. */
interface NewsInput {
  newsId?: number;
  title: string;
  url: string;
  date?: string | undefined;
}

/** The inputs' limits are the contract's, so its "too long" (which names a field) cannot come up. */
const TITLE_MAX = 200;
const URL_MAX = 2000;

interface NewsFormModalProps {
  /** The item to edit; undefined adds a new one. */
  item: NewsItem | undefined;
  open: boolean;
  onClose: () => void;
}

/** An administrator adds or edits a news item (spec 2 "News"); closing the modal drops what was typed. */
export function NewsFormModal({ item, open, onClose }: NewsFormModalProps) {
  const { t } = useTranslation(['news', 'common']);
  return (
    <Modal open={open} title={t(item ? 'form.editTitle' : 'form.addTitle')} footer={null} onCancel={onClose} maskClosable={false} destroyOnHidden>
      <NewsForm item={item} onDone={onClose} onCancel={onClose} />
    </Modal>
  );
}

/**
 * Title, URL (http or https) and date (today when left empty on add), checked with the contract's schema;
 * a failure shows above the form and as a toast.
 */
function NewsForm({ item, onDone, onCancel }: { item: NewsItem | undefined; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation(['news', 'common']);
  const { message } = App.useApp();
  const invalidate = useInvalidateCalls();
  const schema: FormSchema<NewsInput> = item ? notices.updateNewsInput : notices.createNewsInput;

  const { error, busy, onFinish, onValuesChange } = useSchemaForm<NewsInput>({
    schema,
    fields: {},
    onValid: async ({ newsId, title, url, date }) => {
      if (newsId) await api('/api/admin/news/update', { newsId, title, url, date });
      else await api('/api/admin/news/create', { title, url, date });
      void message.success(t(newsId ? 'form.updated' : 'form.created'));
      await invalidate(NEWS_READS);
      onDone();
    },
    onFailure: (failure) => void message.error(t('form.failure', { message: errorMessage(failure) })),
  });

  const initial: Values = { title: item?.title ?? '', url: item?.url ?? '', date: item ? dayjs(item.date) : dayjs() };

  const submit = (values: Values) =>
    onFinish({
      ...(item && { newsId: item.id }),
      title: values.title ?? '',
      url: values.url ?? '',
      date: values.date ? values.date.format('YYYY-MM-DD') : undefined,
    });

  return (
    <>
      <FormErrorAlert error={error} />
      <Form<Values> layout="vertical" initialValues={initial} onFinish={submit} onValuesChange={onValuesChange} autoComplete="off">
        <Form.Item label={t('field.title')} name="title" required>
          <Input maxLength={TITLE_MAX} showCount data-testid="news-title" />
        </Form.Item>
        <Form.Item label={t('field.url')} name="url" required extra={t('field.urlHelp')}>
          <Input maxLength={URL_MAX} placeholder="https://" data-testid="news-url" />
        </Form.Item>
        <Form.Item label={t('field.date')} name="date" extra={item ? undefined : t('field.dateHelp')}>
          <DatePicker format="YYYY-MM-DD" allowClear={!item} data-testid="news-date" />
        </Form.Item>
        <Flex justify="end" gap={8}>
          <Button onClick={onCancel} data-testid="news-cancel">
            {t('form.cancel')}
          </Button>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="news-submit">
            {t(item ? 'form.save' : 'form.add')}
          </Button>
        </Flex>
      </Form>
    </>
  );
}
