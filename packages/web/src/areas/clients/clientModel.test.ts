import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { clients, type Client } from '@portal/contract';
import {
  basicChanges,
  contractChanges,
  contractValuesOf,
  createPayload,
  emptyContracts,
  formatFee,
  isBlank,
  isPartial,
} from './clientModel';

const ec = { startDate: dayjs('2026-01-01'), endDate: dayjs('2026-12-31'), fee: 1200.5, currency: 1 as const, remindMail: true };

const saved: Client = {
  client_id: 7,
  client_name: 'Sakura',
  client_tel: '03-5555-0101',
  client_address: 'Ginza',
  client_remarks: 'note',
  client_create_at: '2025-01-01T00:00:00.000Z',
  client_deleted_at: null,
  analystInfo: [
    { user_id: 2, user_name: 'Alice' },
    { user_id: 3, user_name: 'Hanako' },
  ],
  service_ec_start_date: '2026-01-01',
  service_ec_end_date: '2026-12-31',
  service_ec_fee: 1200.5,
  service_ec_currency: 1,
  service_ec_remind_mail: true,
  service_sns_start_date: null,
  service_sns_end_date: null,
  service_sns_fee: null,
  service_sns_currency: null,
  service_sns_remind_mail: null,
  service_ws_start_date: null,
  service_ws_end_date: null,
  service_ws_fee: null,
  service_ws_currency: null,
  service_ws_remind_mail: null,
  service_other_start_date: null,
  service_other_end_date: null,
  service_other_fee: null,
  service_other_currency: null,
  service_other_remind_mail: null,
};

describe('contract sections', () => {
  it('are blank without the four parts, whatever the remind-mail box says', () => {
    expect(isBlank({ remindMail: true })).toBe(true);
    expect(isBlank({ startDate: null, endDate: null, fee: null, currency: null, remindMail: false })).toBe(true);
    expect(isPartial({ remindMail: true })).toBe(false);
    expect(isPartial({ startDate: dayjs('2026-01-01') })).toBe(true);
    expect(isPartial({ fee: 0 })).toBe(true);
    expect(isPartial(ec)).toBe(false);
  });
});

describe('createPayload', () => {
  it('sends filled services only, dates as YYYY-MM-DD and the fee as a number; the schema accepts it', () => {
    const payload = createPayload({ name: 'Kirin', managerIds: [2], ...emptyContracts(), ec });
    expect(payload).toEqual({
      name: 'Kirin',
      tel: '',
      address: '',
      remarks: '',
      managerIds: [2],
      ec: { startDate: '2026-01-01', endDate: '2026-12-31', fee: 1200.5, currency: 1, remindMail: true },
    });
    expect(clients.createClientInput.safeParse(payload).success).toBe(true);
  });

  it('sends a partly filled service so that the schema answers with the contract message', () => {
    const payload = createPayload({ name: 'Kirin', ...emptyContracts(), sns: { startDate: dayjs('2026-01-01'), remindMail: true } });
    expect(payload.sns).toEqual({ startDate: '2026-01-01', endDate: null, fee: null, currency: null, remindMail: true });
    const parsed = clients.createClientInput.safeParse(payload);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('validation.contractIncomplete');
  });
});

describe('changes on the detail', () => {
  it('lists only the basic fields that differ, managers compared as a set', () => {
    expect(basicChanges(saved, { name: ' Sakura ', tel: '03-5555-0101', address: 'Ginza', remarks: 'note', managerIds: [3, 2] })).toEqual({});
    expect(basicChanges(saved, { name: 'Sakura Co', tel: '', address: 'Ginza', remarks: 'note', managerIds: [2] })).toEqual({
      name: 'Sakura Co',
      tel: '',
      managerIds: [2],
    });
  });

  it('sends a changed contract whole, a cleared one as null, and nothing for untouched or still empty ones', () => {
    const values = contractValuesOf(saved);
    expect(contractChanges(saved, values)).toEqual({});
    expect(contractChanges(saved, { ...values, ec: { ...values.ec, fee: 1500 } })).toEqual({
      ec: { startDate: '2026-01-01', endDate: '2026-12-31', fee: 1500, currency: 1, remindMail: true },
    });
    expect(contractChanges(saved, { ...values, ec: { remindMail: true } })).toEqual({ ec: null });
    expect(contractChanges(saved, { ...values, ws: { ...ec, currency: 2 } })).toEqual({
      ws: { startDate: '2026-01-01', endDate: '2026-12-31', fee: 1200.5, currency: 2, remindMail: true },
    });
    const update = { clientId: 7, ...contractChanges(saved, { ...values, ec: { remindMail: true } }) };
    expect(clients.updateClientInput.safeParse(update).success).toBe(true);
  });
});

describe('formatFee', () => {
  it('shows the amount with its currency code, blank without a contract', () => {
    expect(formatFee(12000, 1, 'en')).toBe('12,000 USD');
    expect(formatFee(800000.5, 2, 'ja')).toBe('800,000.5 JPY');
    expect(formatFee(null, null, 'en')).toBe('');
  });
});
