import { describe, expect, it } from 'vitest';
import { accounts, type AccountListItem } from '@portal/contract';
import { changedFields, editValues, kindOf, roleBits, roleSum } from './model';

const staff: AccountListItem = {
  user_id: 7,
  user_name: 'Alice',
  user_mail: 'alice@example.com',
  user_tel: '03-1234-5678',
  user_role: 2,
  user_remarks: '',
  user_department: '',
  client_id: null,
  client_name: null,
  user_last_used_date: null,
  user_create_at: '2025-01-01T00:00:00.000Z',
  user_deleted_at: null,
};
const clientUser: AccountListItem = { ...staff, user_id: 8, user_role: 1, user_department: 'Legal', client_id: 3, client_name: 'Sakura' };

describe('account roles', () => {
  it('turn the multi-select into the role mask and back', () => {
    expect(roleSum([4, 2])).toBe(6);
    expect(roleSum([])).toBe(0);
    expect(roleBits(6)).toEqual([4, 2]);
    expect(roleBits(2)).toEqual([2]);
    expect(kindOf(6)).toBe('staff');
    expect(kindOf(1)).toBe('client');
  });
});

describe('changed fields of the detail page', () => {
  it('are none for the loaded values, and trimmed text that saves the same is no change', () => {
    expect(changedFields('staff', staff, editValues(staff))).toEqual({});
    expect(changedFields('client', clientUser, editValues(clientUser))).toEqual({});
    expect(changedFields('staff', staff, { ...editValues(staff), name: ' Alice ' })).toEqual({});
  });

  it('are only what differs, per kind', () => {
    expect(changedFields('staff', staff, { ...editValues(staff), tel: '', roles: [2, 4] })).toEqual({ tel: '', role: 6 });
    expect(changedFields('client', clientUser, { ...editValues(clientUser), companyId: 5, department: 'IP' })).toEqual({
      department: 'IP',
      companyId: 5,
    });
  });

  it('send no role at all chosen as 0, which the contract refuses', () => {
    const changes = changedFields('staff', staff, { ...editValues(staff), roles: [] });
    expect(changes).toEqual({ role: 0 });
    const parsed = accounts.updateUserInput.safeParse({ userId: staff.user_id, ...changes });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('validation.roleRequired');
  });
});
