import dayjs, { type Dayjs } from 'dayjs';
import {
  Role,
  CONTRACT_CURRENCIES,
  SERVICES,
  type CallInput,
  type Client,
  type Locale,
  type SearchConditions,
  type Service,
} from '@portal/contract';
import type { CommonKey } from '../../platform/i18n';
import { callKey, type CallTarget } from '../../platform/callKeys';
import type enClients from '../../locales/en/clients.json';

/**
 * The client forms' values and the payloads made from them (spec 2.8, 2.12 and 5), without React, so the
 * rules are unit-tested: a contract is all four of start, end, fee and currency or nothing; the detail sends
 * only what changed, and a contract cleared entirely as null.
 */

export type Currency = keyof typeof CONTRACT_CURRENCIES;
export const CURRENCIES = Object.keys(CONTRACT_CURRENCIES).map(Number) as Currency[];
export const DATE_FORMAT = 'YYYY-MM-DD';

export interface ContractValues {
  startDate?: Dayjs | null;
  endDate?: Dayjs | null;
  fee?: number | null;
  currency?: Currency | null;
  remindMail?: boolean;
}

export interface BasicValues {
  name?: string;
  tel?: string;
  address?: string;
  remarks?: string;
  managerIds?: number[];
}

export type ContractsValues = Partial<Record<Service, ContractValues>>;
export type ClientFormValues = BasicValues & ContractsValues;

/** A section as sent: missing parts are null, so the contract schema answers "contract incomplete". */
export interface ContractPayload {
  startDate: string | null;
  endDate: string | null;
  fee: number | null;
  currency: Currency | null;
  remindMail: boolean;
}

export type CreateClientPayload = CallInput<'/api/admin/create-client'>;
export type UpdateClientPayload = CallInput<'/api/admin/update-client'>;
export type ClientSearch = Partial<SearchConditions<ClientDateField, ClientWordField>>;
export type ClientDateField = 'client_create_at' | 'contract_start_date' | 'contract_end_date';
export type ClientWordField = 'client_name' | 'client_tel' | 'client_address' | 'client_remarks';

type ClientsKey = keyof typeof enClients;

/**
 * useSchemaForm names a form's fields with `common` keys; i18next resolves a key with a namespace prefix the
 * same way at run time, so the client forms can name their fields from this area's catalogue.
 */
export const fieldLabel = (key: ClientsKey) => `clients:${key}` as CommonKey;

/** The {{field}} of a validation message (too long, not valid) for each payload field. */
export const CLIENT_FIELDS = {
  name: fieldLabel('field.name'),
  tel: fieldLabel('field.tel'),
  address: fieldLabel('field.address'),
  remarks: fieldLabel('field.remarks'),
  managerIds: fieldLabel('field.managers'),
} as const;

const filledParts = (c: ContractValues | undefined | null): number =>
  c ? [c.startDate, c.endDate, c.fee, c.currency].filter((v) => v !== undefined && v !== null).length : 0;

/** No start, end, fee or currency (the remind-mail box alone is no contract). */
export function isBlank(c: ContractValues | undefined | null): boolean {
  return filledParts(c) === 0;
}

/** Some of the four parts but not all: the section shows the contract message, the server refuses it. */
export function isPartial(c: ContractValues | undefined | null): boolean {
  const n = filledParts(c);
  return n > 0 && n < 4;
}

export function contractPayload(c: ContractValues): ContractPayload {
  return {
    startDate: c.startDate ? c.startDate.format(DATE_FORMAT) : null,
    endDate: c.endDate ? c.endDate.format(DATE_FORMAT) : null,
    fee: c.fee ?? null,
    currency: c.currency ?? null,
    remindMail: c.remindMail ?? true,
  };
}

const trimmed = (s: string | undefined): string => (s ?? '').trim();

/** Spec 5: a service is sent only when filled; a partly filled one is sent too, for its message. */
export function createPayload(values: ClientFormValues): CreateClientPayload {
  const payload: CreateClientPayload = {
    name: values.name ?? '',
    tel: values.tel ?? '',
    address: values.address ?? '',
    remarks: values.remarks ?? '',
    managerIds: values.managerIds ?? [],
  };
  for (const service of SERVICES) {
    const section = values[service];
    if (section && !isBlank(section)) payload[service] = contractPayload(section);
  }
  return payload;
}

/** A new client's form: every remind-mail box checked (spec 2.8). */
export function emptyContracts(): Record<Service, ContractValues> {
  return Object.fromEntries(SERVICES.map((s) => [s, { remindMail: true }])) as Record<Service, ContractValues>;
}

export function basicValuesOf(client: Client): Required<BasicValues> {
  return {
    name: client.client_name,
    tel: client.client_tel,
    address: client.client_address,
    remarks: client.client_remarks,
    managerIds: client.analystInfo.map((a) => a.user_id),
  };
}

// dayjs reads YYYY-MM-DD as a local date, which is what the date pickers show.
const asDay = (s: string | null): Dayjs | null => (s ? dayjs(s) : null);

export function contractValuesOf(client: Client): Record<Service, ContractValues> {
  return Object.fromEntries(
    SERVICES.map((s) => [
      s,
      {
        startDate: asDay(client[`service_${s}_start_date`]),
        endDate: asDay(client[`service_${s}_end_date`]),
        fee: client[`service_${s}_fee`],
        currency: client[`service_${s}_currency`] as Currency | null,
        remindMail: client[`service_${s}_remind_mail`] ?? true,
      },
    ]),
  ) as Record<Service, ContractValues>;
}

export function hasContract(client: Client, service: Service): boolean {
  return client[`service_${service}_start_date`] !== null;
}

const sameIds = (a: readonly number[], b: readonly number[]): boolean => {
  const x = [...a].sort((m, n) => m - n);
  const y = [...b].sort((m, n) => m - n);
  return x.length === y.length && x.every((v, i) => v === y[i]);
};

/** The basic fields that differ from the saved client (text compared as the server saves it: trimmed). */
export function basicChanges(client: Client, values: BasicValues): Omit<UpdateClientPayload, 'clientId'> {
  const saved = basicValuesOf(client);
  const changes: Omit<UpdateClientPayload, 'clientId'> = {};
  if (values.name !== undefined && trimmed(values.name) !== saved.name) changes.name = values.name;
  if (values.tel !== undefined && trimmed(values.tel) !== saved.tel) changes.tel = values.tel;
  if (values.address !== undefined && trimmed(values.address) !== saved.address) changes.address = values.address;
  // Remarks are saved as typed (the schema does not trim them).
  if (values.remarks !== undefined && values.remarks !== saved.remarks) changes.remarks = values.remarks;
  if (values.managerIds !== undefined && !sameIds(values.managerIds, saved.managerIds)) changes.managerIds = values.managerIds;
  return changes;
}

/** The contracts that differ from the saved ones; a saved contract cleared entirely is sent as null (removed). */
export function contractChanges(client: Client, values: ContractsValues): Omit<UpdateClientPayload, 'clientId'> {
  const saved = contractValuesOf(client);
  const changes: Omit<UpdateClientPayload, 'clientId'> = {};
  for (const service of SERVICES) {
    const section = values[service];
    if (!section) continue;
    if (isBlank(section)) {
      if (hasContract(client, service)) changes[service] = null;
      continue;
    }
    const now = contractPayload(section);
    const before = contractPayload(saved[service]);
    const differs = (Object.keys(now) as (keyof ContractPayload)[]).some((key) => now[key] !== before[key]);
    if (differs) changes[service] = now;
  }
  return changes;
}

/** "12,000 USD": the fee in the user's number format with its currency code; blank without a contract. */
export function formatFee(fee: number | null, currency: number | null, locale: Locale): string {
  if (fee === null) return '';
  const amount = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(fee);
  return `${amount} ${currencyCode(currency)}`.trim();
}

export function currencyCode(currency: number | null | undefined): string {
  return currency != null && currency in CONTRACT_CURRENCIES ? CONTRACT_CURRENCIES[currency as Currency] : '';
}

/**
 * What a change to a client leaves stale besides its own page: the client list, the client selectors (and a
 * profile's managed clients, which read them), and the analysts to choose as managers.
 */
export const CLIENT_LISTS: readonly CallTarget[] = ['/api/admin/search-clients', '/api/analyst/fetch-clients', callKey('/api/admin/search-users', { role: Role.ANALYST })];
/** Every cached read a client change leaves stale (the lists and the clients' pages). */
export const CLIENT_READS: readonly CallTarget[] = [...CLIENT_LISTS, '/api/admin/get-client'];
