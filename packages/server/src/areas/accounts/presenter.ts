import type { AccountListItem } from '@portal/contract';
import type { AccountRow } from './repo.js';

/** An account as the administrator's lists and details show it; never the password hash. */
export function presentAccount(row: AccountRow): AccountListItem {
  return {
    user_id: row.user_id,
    user_name: row.user_name,
    user_mail: row.user_mail,
    user_tel: row.user_tel,
    user_role: row.user_role,
    user_remarks: row.user_remarks,
    user_department: row.user_department,
    client_id: row.client_id,
    client_name: row.client_name,
    user_last_used_date: row.user_last_used_date?.toISOString() ?? null,
    user_create_at: row.user_create_at.toISOString(),
    user_deleted_at: row.deleted_at?.toISOString() ?? null,
  };
}
