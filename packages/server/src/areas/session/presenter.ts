import type { User } from '@portal/contract';
import type { ClientRow, UserRow } from '../../platform/schema.js';
import type { ContractRow } from '../clients/repo.js';

/** The user as every screen sees it (field names as the spec shows them); never the password hash. */
export function presentUser(
  row: UserRow,
  company: ClientRow | undefined,
  analysts: { user_id: number; user_name: string; user_mail: string; user_tel: string }[],
  contracts: ContractRow[],
): User {
  return {
    user_id: row.user_id,
    user_name: row.user_name,
    user_mail: row.user_mail,
    user_tel: row.user_tel,
    user_remarks: row.user_remarks,
    user_role: row.user_role,
    user_department: row.user_department,
    user_locale: row.user_locale,
    user_last_used_date: row.user_last_used_date?.toISOString() ?? null,
    user_create_at: row.user_create_at.toISOString(),
    companyInfo: company
      ? {
          client_id: company.client_id,
          client_name: company.client_name,
          client_tel: company.client_tel,
          client_address: company.client_address,
          client_remarks: company.client_remarks,
        }
      : null,
    analystInfo: analysts,
    serviceInfo: contracts.map((c) => ({
      service: c.service as User['serviceInfo'][number]['service'],
      start_date: c.start_date,
      end_date: c.end_date,
      fee: Number(c.fee),
      currency: c.currency,
    })),
  };
}
