import { Flex, Form, Select } from 'antd';
import { useSearchParams } from 'react-router';
import { useClientChoices, type ClientChoice } from './clientChoices';

/** The client a list is narrowed to, kept in the URL (`?client=`) so the view can be linked and survives a reload. */
export function useClientParam(): [number | undefined, (clientId: number | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const clientId = Number(params.get('client')) || undefined;
  return [clientId, (next) => setParams(next ? { client: String(next) } : {})];
}

/**
 * A list's client chooser (the watches', the domain watches'): every client the user may choose among, searchable,
 * cleared for all of them. `onChange` also goes back to the list's first page.
 */
export function ClientFilter({ id, choice, label, placeholder, value, onChange }: {
  id: string;
  choice: ClientChoice;
  label: string;
  placeholder: string;
  value: number | undefined;
  onChange: (clientId: number | undefined) => void;
}) {
  const clients = useClientChoices(choice);
  return (
    <Flex gap={16} style={{ marginBottom: 12 }}>
      <Form.Item label={label} htmlFor={id} style={{ margin: 0, minWidth: 280 }}>
        <Select
          id={id}
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={placeholder}
          value={value}
          loading={clients.isLoading}
          options={(clients.data ?? []).map((c) => ({ value: c.client_id, label: c.client_name }))}
          onChange={(next?: number) => onChange(next)}
          data-testid={id}
        />
      </Form.Item>
    </Flex>
  );
}
