import { useRef, useState, type ReactNode } from 'react';
import { Alert, App, Button, Checkbox, DatePicker, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Table, type CheckboxProps, type TableColumnsType } from 'antd';
import { CheckOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../platform/api';
import { columnOf, payloadOf as payloadWith, problemOf, type Problem } from './editablePayload';
import type { FormSchema } from './useSchemaForm';

/** How a column's value is entered, in the add modal and in an editing row. */
export type Editor =
  | { type: 'text'; placeholder?: string; maxLength?: number }
  | { type: 'number'; placeholder?: string; min?: number; max?: number; precision?: number; prefix?: ReactNode; suffix?: ReactNode }
  | { type: 'select'; placeholder?: string; options: readonly { value: string | number; label: string }[]; showSearch?: boolean }
  | { type: 'date'; placeholder?: string }
  | { type: 'checkbox' };

export interface EditableColumn<Row> {
  title: string;
  /** The row's property shown and edited; also the form field (data-testid `field-<dataIndex>`). */
  dataIndex: keyof Row & string;
  /** The payload field the value is sent as, when it differs from dataIndex (keyword_name → keywordName). */
  param?: string;
  editor: Editor;
  /** Marks the field as required in the modal (the schema decides; this is the asterisk). */
  required?: boolean;
  /** The cell outside edit mode; by default the value (a select's label, a date as is, a check for true). */
  render?: (row: Row) => ReactNode;
  width?: number | string;
  ellipsis?: boolean;
}

export interface EditableTableProps<Row, C, U> {
  /** data-testid `table-<name>` on the wrapper, to tell several tables of a page apart. */
  name: string;
  /** The collection; undefined while loading. */
  rows: readonly Row[] | undefined;
  rowId: (row: Row) => number;
  columns: readonly EditableColumn<Row>[];
  /** What every payload carries besides the columns' values: clientId, brandId, a list type. */
  context: Record<string, unknown>;
  /** Validated with the contract's schema, then called; each answers with the whole new collection. */
  create: { schema: FormSchema<C>; call: (input: C) => Promise<readonly Row[]> };
  update: { schema: FormSchema<U>; idParam: string; call: (input: U) => Promise<readonly Row[]> };
  remove: (row: Row) => Promise<readonly Row[]>;
  /** Replaces the collection with the one a call answered. */
  onRows: (rows: readonly Row[]) => void;
  loading?: boolean;
  loadError?: unknown;
  onRetry?: () => void;
  /** The add button's text and the modal's title. */
  addLabel?: string;
  /** The add modal's starting values, by dataIndex. */
  initialValues?: Partial<Record<keyof Row & string, unknown>>;
  /** A radio column and row clicks choose one row (the brand whose keywords show). */
  selection?: { selectedId: number | undefined; onSelect: (row: Row) => void };
}

type Values = Record<string, unknown>;

const DATE_FORMAT = 'YYYY-MM-DD';
const fieldOf = (column: { dataIndex: string }): string => column.dataIndex;

/** Form.Item props that keep a form value in the payload's shape (dates as YYYY-MM-DD strings, booleans). */
function valueProps(editor: Editor) {
  if (editor.type === 'checkbox') return { valuePropName: 'checked' };
  if (editor.type === 'date') {
    return {
      getValueProps: (value: unknown) => ({ value: typeof value === 'string' && value ? dayjs(value, DATE_FORMAT) : null }),
      normalize: (value: Dayjs | null) => (value ? value.format(DATE_FORMAT) : ''),
    };
  }
  return {};
}

/** The input of an editor; Form.Item passes the value, onChange (or checked) and id through `control`. */
function EditorInput({ editor, testId, placeholder, ...control }: { editor: Editor; testId: string; placeholder: string; [prop: string]: unknown }) {
  const { t } = useTranslation();
  switch (editor.type) {
    case 'text':
      return <Input {...control} placeholder={editor.placeholder ?? placeholder} maxLength={editor.maxLength} data-testid={testId} />;
    case 'number':
      return (
        <InputNumber
          {...control}
          placeholder={editor.placeholder ?? placeholder}
          min={editor.min}
          max={editor.max}
          precision={editor.precision}
          prefix={editor.prefix}
          suffix={editor.suffix}
          style={{ width: '100%' }}
          data-testid={testId}
        />
      );
    case 'select':
      return (
        <Select
          {...control}
          options={editor.options.map((o) => ({ ...o }))}
          placeholder={editor.placeholder ?? t('editable.choose')}
          showSearch={editor.showSearch}
          optionFilterProp="label"
          popupMatchSelectWidth={false}
          style={{ width: '100%', minWidth: 120 }}
          data-testid={testId}
        />
      );
    case 'date':
      return <DatePicker {...control} format={DATE_FORMAT} placeholder={editor.placeholder ?? placeholder} style={{ width: '100%' }} data-testid={testId} />;
    case 'checkbox':
      return <Checkbox {...control} data-testid={testId} />;
  }
}

function defaultCell(editor: Editor, value: unknown): ReactNode {
  if (value === null || value === undefined) return '';
  if (editor.type === 'checkbox') return value ? <CheckOutlined /> : '';
  if (editor.type === 'select') return editor.options.find((o) => o.value === value)?.label ?? String(value);
  return String(value);
}

/**
 * The one editable table of the portal (spec 2.12, 4): rows edit in place (Edit → Save / Cancel), Delete asks first,
 * Add opens a modal with the same fields. Values are checked with the contract's schema and the first problem is
 * shown; a call's answer (the whole collection) replaces the rows; a failed call shows the server's message.
 * Unpaginated (spec 9).
 */
export function EditableTable<Row extends object, C, U>(props: EditableTableProps<Row, C, U>) {
  const { name, rows, rowId, columns, context, create, update, remove, onRows, selection } = props;
  const { t } = useTranslation(['common', 'contract']);
  const { message } = App.useApp();
  const [rowForm] = Form.useForm<Values>();
  const [modalForm] = Form.useForm<Values>();
  const [editingId, setEditingId] = useState<number | null>(null);
  const [busy, setBusy] = useState<{ id: number; action: 'save' | 'delete' } | null>(null);
  const [rowProblem, setRowProblem] = useState<Problem | null>(null);
  const [adding, setAdding] = useState(false);
  const [creating, setCreating] = useState(false);
  const [modalProblem, setModalProblem] = useState<Problem | null>(null);
  // A ref, not the state: a second click in the same render must already see the first call.
  const inFlight = useRef(false);

  const textOf = (problem: Problem) => {
    if ('text' in problem) return problem.text;
    return t(`contract:${problem.key}`, { ...problem.params, field: columnOf(columns, problem)?.title ?? '' });
  };
  const payloadOf = (values: Values) => payloadWith(columns, context, values);
  const run = async (call: () => Promise<readonly Row[]>, failure: 'editable.addFailed' | 'editable.saveFailed' | 'editable.deleteFailed') => {
    try {
      onRows(await call());
      return true;
    } catch (error) {
      void message.error(t(failure, { message: errorMessage(error) }));
      return false;
    }
  };

  const startEdit = (row: Row) => {
    rowForm.resetFields();
    for (const column of columns) rowForm.setFieldValue(fieldOf(column), row[column.dataIndex]);
    setRowProblem(null);
    setEditingId(rowId(row));
  };
  const cancelEdit = () => {
    setEditingId(null);
    setRowProblem(null);
  };
  const save = async (row: Row) => {
    if (inFlight.current) return;
    const parsed = update.schema.safeParse({ ...payloadOf(rowForm.getFieldsValue()), [update.idParam]: rowId(row) });
    if (!parsed.success) {
      setRowProblem(problemOf(parsed.error.issues));
      return;
    }
    inFlight.current = true;
    setBusy({ id: rowId(row), action: 'save' });
    if (await run(() => update.call(parsed.data), 'editable.saveFailed')) {
      setEditingId(null);
      void message.success(t('editable.saved'));
    }
    inFlight.current = false;
    setBusy(null);
  };
  const drop = async (row: Row) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy({ id: rowId(row), action: 'delete' });
    if (await run(() => remove(row), 'editable.deleteFailed')) {
      if (editingId === rowId(row)) cancelEdit();
      void message.success(t('editable.deleted'));
    }
    inFlight.current = false;
    setBusy(null);
  };

  const openAdd = () => {
    cancelEdit();
    setModalProblem(null);
    setAdding(true);
  };
  const closeAdd = () => {
    setAdding(false);
    setModalProblem(null);
  };
  const confirm = async () => {
    if (inFlight.current) return;
    const parsed = create.schema.safeParse(payloadOf(modalForm.getFieldsValue()));
    if (!parsed.success) {
      setModalProblem(problemOf(parsed.error.issues));
      return;
    }
    inFlight.current = true;
    setCreating(true);
    if (await run(() => create.call(parsed.data), 'editable.addFailed')) {
      setAdding(false);
      void message.success(t('editable.added'));
    }
    inFlight.current = false;
    setCreating(false);
  };

  const tableColumns: TableColumnsType<Row> = columns.map((column) => ({
    key: column.dataIndex,
    title: column.title,
    width: column.width,
    ellipsis: column.ellipsis,
    render: (_: unknown, row: Row) =>
      rowId(row) === editingId ? (
        <Form.Item name={fieldOf(column)} style={{ margin: 0 }} {...valueProps(column.editor)}>
          <EditorInput editor={column.editor} testId={`field-${column.dataIndex}`} placeholder={column.title} />
        </Form.Item>
      ) : column.render ? (
        column.render(row)
      ) : (
        defaultCell(column.editor, row[column.dataIndex])
      ),
  }));
  tableColumns.push({
    key: 'actions',
    title: t('editable.actions'),
    width: 170,
    render: (_: unknown, row: Row) => {
      const id = rowId(row);
      if (id === editingId) {
        return (
          <Space size="small">
            <Button type="link" size="small" loading={busy?.id === id} onClick={() => void save(row)} data-testid={`row-save-${id}`}>
              {t('editable.save')}
            </Button>
            <Button type="link" size="small" disabled={busy?.id === id} onClick={cancelEdit} data-testid={`row-cancel-${id}`}>
              {t('editable.cancel')}
            </Button>
          </Space>
        );
      }
      return (
        <Space size="small">
          <Button type="link" size="small" icon={<EditOutlined />} disabled={busy !== null} onClick={() => startEdit(row)} data-testid={`row-edit-${id}`}>
            {t('editable.edit')}
          </Button>
          <Popconfirm
            title={t('editable.deleteConfirm')}
            okText={t('editable.delete')}
            okButtonProps={{ danger: true, 'data-testid': 'editable-delete-ok' }}
            cancelText={t('editable.cancel')}
            onConfirm={() => drop(row)}
          >
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              loading={busy?.id === id && busy.action === 'delete'}
              disabled={busy !== null && busy.id !== id}
              data-testid={`row-delete-${id}`}
            >
              {t('editable.delete')}
            </Button>
          </Popconfirm>
        </Space>
      );
    },
  });

  const addLabel = props.addLabel ?? t('editable.add');
  return (
    <div data-testid={`table-${name}`}>
      {props.loadError !== undefined && props.loadError !== null && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('editable.loadFailed', { message: errorMessage(props.loadError) })}
          action={props.onRetry && <Button size="small" onClick={props.onRetry}>{t('editable.retry')}</Button>}
        />
      )}
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={openAdd} disabled={props.loading} data-testid="editable-add">
          {addLabel}
        </Button>
      </Space>
      {rowProblem && <Alert type="error" showIcon message={textOf(rowProblem)} style={{ marginBottom: 12 }} />}
      <Form form={rowForm} component={false} onValuesChange={() => setRowProblem(null)}>
        <Table<Row>
          size="small"
          bordered
          rowKey={rowId}
          dataSource={rows}
          columns={tableColumns}
          loading={props.loading}
          pagination={false}
          locale={{ emptyText: t('editable.empty') }}
          rowSelection={
            selection && {
              type: 'radio',
              columnWidth: 40,
              selectedRowKeys: selection.selectedId === undefined ? [] : [selection.selectedId],
              // Each radio named after its row (its first column's text); antd hands the props on to the input, though
              // its type lists no aria attributes.
              getCheckboxProps: (row) => ({ 'aria-label': t('editable.selectRow', { name: String(row[columns[0]!.dataIndex] ?? rowId(row)) }) }) as CheckboxProps,
              onChange: (_keys, selected) => {
                const [row] = selected;
                if (row) selection.onSelect(row);
              },
            }
          }
          onRow={(row) => ({
            'aria-busy': busy?.id === rowId(row),
            onClick: selection ? () => selection.onSelect(row) : undefined,
            style: selection ? { cursor: 'pointer' } : undefined,
          })}
        />
      </Form>
      <Modal
        open={adding}
        title={addLabel}
        onCancel={closeAdd}
        destroyOnHidden
        maskClosable={false}
        footer={[
          <Button key="cancel" onClick={closeAdd} disabled={creating} data-testid="editable-cancel">
            {t('editable.cancel')}
          </Button>,
          <Button key="confirm" type="primary" loading={creating} onClick={() => void confirm()} data-testid="editable-confirm">
            {t('editable.confirm')}
          </Button>,
        ]}
      >
        {modalProblem && <Alert type="error" showIcon message={textOf(modalProblem)} style={{ marginBottom: 16 }} />}
        {/* A modal of one text field also confirms on Enter (the browser's implicit submit); dates keep Enter. */}
        <Form form={modalForm} layout="vertical" preserve={false} initialValues={props.initialValues} onValuesChange={() => setModalProblem(null)} onFinish={() => void confirm()}>
          {columns.map((column) => (
            <Form.Item
              key={column.dataIndex}
              label={column.title}
              name={fieldOf(column)}
              required={column.required}
              {...valueProps(column.editor)}
            >
              <EditorInput editor={column.editor} testId={`field-${column.dataIndex}`} placeholder={column.title} />
            </Form.Item>
          ))}
        </Form>
      </Modal>
    </div>
  );
}
