import { useParams } from 'react-router';
import { Role, STAFF_ROLES, hasRole, type AccountListItem, type CallInput, type accounts } from '@portal/contract';

/**
 * Spec 2.10 and 2.11: the two kinds of accounts an administrator manages. Staff (administrators and analysts) and
 * client users share the list, form and detail screens; what differs is here.
 */
export type AccountKind = 'staff' | 'client';

export const KINDS = {
  /** Listed with role filter 6; detail loads only staff (roles 2 and 4). */
  staff: { listRole: STAFF_ROLES, roles: [Role.ANALYST, Role.ADMIN], basePath: '/manage/analyst' },
  /** Listed with role 1; always created with role 1 and a company. */
  client: { listRole: Role.CLIENT, roles: [Role.CLIENT], basePath: '/manage/user' },
} as const;

export function kindOf(userRole: number): AccountKind {
  return hasRole(userRole, STAFF_ROLES) ? 'staff' : 'client';
}

/** The staff role multi-select: its options, in the order shown, and the bit mask they add up to. */
export const STAFF_ROLE_BITS = [Role.ADMIN, Role.ANALYST] as const;
export const ROLE_LABELS = { [Role.ADMIN]: 'role.admin', [Role.ANALYST]: 'role.analyst' } as const;

export function roleBits(userRole: number): number[] {
  return STAFF_ROLE_BITS.filter((bit) => hasRole(userRole, bit));
}

/** 0 when nothing is chosen, which the contract refuses with "please choose a role". */
export function roleSum(bits: readonly number[] | undefined): number {
  return (bits ?? []).reduce((mask, bit) => mask | bit, 0);
}

/** The values of the account forms (new and detail, both kinds); the submit turns them into the contract's input. */
export interface AccountFormValues {
  name?: string;
  mail?: string;
  password?: string;
  password2?: string;
  roles?: number[];
  tel?: string;
  remarks?: string;
  department?: string;
  companyId?: number | null;
}

export type AccountChanges = Omit<CallInput<'/api/admin/update-user'>, 'userId' | 'password' | 'password2'>;

/** Spec 2.10: the detail's Update sends only what differs from the loaded account (text compared trimmed, as saved). */
export function changedFields(kind: AccountKind, user: AccountListItem, values: AccountFormValues): AccountChanges {
  const changes: AccountChanges = {};
  const name = values.name ?? '';
  const tel = values.tel ?? '';
  const remarks = values.remarks ?? '';
  if (name.trim() !== user.user_name) changes.name = name;
  if (tel.trim() !== user.user_tel) changes.tel = tel;
  if (remarks !== user.user_remarks) changes.remarks = remarks;
  if (kind === 'staff') {
    const role = roleSum(values.roles);
    if (role !== user.user_role) changes.role = role;
  } else {
    const department = values.department ?? '';
    const companyId = values.companyId ?? null;
    if (department.trim() !== user.user_department) changes.department = department;
    if (companyId !== user.client_id) changes.companyId = companyId;
  }
  return changes;
}

/** The form's starting values for an account being edited. */
export function editValues(user: AccountListItem): AccountFormValues {
  return {
    name: user.user_name,
    tel: user.user_tel,
    remarks: user.user_remarks,
    roles: roleBits(user.user_role),
    department: user.user_department,
    companyId: user.client_id,
  };
}

/** Labels of the form fields for the {{field}} of a validation message (common words only: see useSchemaForm). */
export const FORM_FIELDS = {
  name: 'field.name',
  mail: 'field.mail',
  password: 'field.password',
  password2: 'field.password2',
  tel: 'field.tel',
} as const;


/** The :id of the route when it is a positive whole number. */
export function useIdParam(): number | undefined {
  const { id } = useParams();
  const n = Number(id);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

export type UserDateField = (typeof accounts.USER_DATE_FIELDS)[number];
export type UserWordField = (typeof accounts.USER_WORD_FIELDS)[number];
