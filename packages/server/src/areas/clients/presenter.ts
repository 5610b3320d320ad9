import { SERVICES, type Client } from '@portal/contract';
import type { ClientRow } from '../../platform/schema.js';
import type { ContractRow, ManagerRow } from './repo.js';

/** The client as the list, the detail and the profile show it: field names as in section 3. */
export function presentClient(row: ClientRow, contracts: ContractRow[], managers: ManagerRow[]): Client {
  const services = Object.fromEntries(
    SERVICES.flatMap((s) => {
      const c = contracts.find((k) => k.client_id === row.client_id && k.service === s);
      return [
        [`service_${s}_start_date`, c?.start_date ?? null],
        [`service_${s}_end_date`, c?.end_date ?? null],
        [`service_${s}_fee`, c ? Number(c.fee) : null],
        [`service_${s}_currency`, c?.currency ?? null],
        [`service_${s}_remind_mail`, c?.remind_mail ?? null],
      ];
    }),
  );
  return {
    client_id: row.client_id,
    client_name: row.client_name,
    client_tel: row.client_tel,
    client_address: row.client_address,
    client_remarks: row.client_remarks,
    client_create_at: row.client_create_at.toISOString(),
    client_deleted_at: row.deleted_at?.toISOString() ?? null,
    analystInfo: managers.filter((m) => m.client_id === row.client_id).map((m) => ({ user_id: m.user_id, user_name: m.user_name })),
    ...(services as Pick<Client, `service_${(typeof SERVICES)[number]}_${'start_date' | 'end_date' | 'fee' | 'currency' | 'remind_mail'}`>),
  };
}
