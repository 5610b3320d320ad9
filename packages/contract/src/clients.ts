import { z } from 'zod';
import { accountPhone, id, remarks } from './accounts.js';
import { isoDate, searchConditions } from './search.js';

/** Section 2.7-2.8, 2.12 (basic info and contract tabs), 3 "Client" and 7: client companies and their contracts. */

export const SERVICES = ['ec', 'sns', 'ws', 'other'] as const;
export type Service = (typeof SERVICES)[number];
/** Contract currencies of section 3: 1 USD, 2 JPY, 3 CNY. */
export const CONTRACT_CURRENCIES = { 1: 'USD', 2: 'JPY', 3: 'CNY' } as const;
export const CLIENT_NAME_MAX = 30;
export const CLIENT_ADDRESS_MAX = 100;
export const FEE_MAX = 999_999_999_999;

const fee = z
  .union([z.number({ error: 'validation.feeInvalid' }), z.string().trim().regex(/^\d+(\.\d{1,2})?$/, 'validation.feeInvalid').transform(Number)], {
    error: 'validation.feeInvalid',
  })
  .refine((n) => Number.isFinite(n) && n >= 0 && n <= FEE_MAX, 'validation.feeInvalid');

const currency = z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'validation.currencyInvalid' });

/** A contract is all four of start, end, fee and currency, or nothing (section 5): a partial one is refused. */
export const contractInput = z
  .object(
    {
      startDate: isoDate.nullish(),
      endDate: isoDate.nullish(),
      fee: fee.nullish(),
      currency: currency.nullish(),
      remindMail: z.boolean({ error: 'validation.invalid' }).optional().default(true),
    },
    { error: 'validation.contractIncomplete' },
  )
  .superRefine((c, ctx) => {
    if (c.startDate == null || c.endDate == null || c.fee == null || c.currency == null) {
      ctx.addIssue({ code: 'custom', message: 'validation.contractIncomplete' });
    } else if (c.endDate < c.startDate) {
      ctx.addIssue({ code: 'custom', message: 'validation.endBeforeStart', path: ['endDate'] });
    }
  })
  .transform((c) => ({ startDate: c.startDate!, endDate: c.endDate!, fee: c.fee!, currency: c.currency!, remindMail: c.remindMail }));
export type ContractInput = z.output<typeof contractInput>;

export const clientName = z
  .string({ error: 'validation.clientNameRequired' })
  .trim()
  .min(1, 'validation.clientNameRequired')
  .max(CLIENT_NAME_MAX, 'validation.tooLong');
export const clientAddress = z.string({ error: 'validation.invalid' }).trim().max(CLIENT_ADDRESS_MAX, 'validation.tooLong');
export const managerIds = z.array(id, { error: 'validation.invalid' }).max(100);

export const createClientInput = z.object({
  name: clientName,
  tel: accountPhone.optional().default(''),
  address: clientAddress.optional().default(''),
  remarks: remarks.optional().default(''),
  managerIds: managerIds.optional().default([]),
  ec: contractInput.optional().nullable(),
  sns: contractInput.optional().nullable(),
  ws: contractInput.optional().nullable(),
  other: contractInput.optional().nullable(),
});

/** Only the fields sent are saved; a service sent as null removes its contract. */
export const updateClientInput = z.object({
  clientId: id,
  name: clientName.optional(),
  tel: accountPhone.optional(),
  address: clientAddress.optional(),
  remarks: remarks.optional(),
  managerIds: managerIds.optional(),
  ec: contractInput.optional().nullable(),
  sns: contractInput.optional().nullable(),
  ws: contractInput.optional().nullable(),
  other: contractInput.optional().nullable(),
});

const serviceFields = Object.fromEntries(
  SERVICES.flatMap((s) => [
    [`service_${s}_start_date`, z.string().nullable()],
    [`service_${s}_end_date`, z.string().nullable()],
    [`service_${s}_fee`, z.number().nullable()],
    [`service_${s}_currency`, z.number().nullable()],
    [`service_${s}_remind_mail`, z.boolean().nullable()],
  ]),
) as Record<`service_${Service}_${'start_date' | 'end_date'}`, z.ZodNullable<z.ZodString>> &
  Record<`service_${Service}_${'fee' | 'currency'}`, z.ZodNullable<z.ZodNumber>> &
  Record<`service_${Service}_remind_mail`, z.ZodNullable<z.ZodBoolean>>;

export const client = z.object({
  client_id: z.number(),
  client_name: z.string(),
  client_tel: z.string(),
  client_address: z.string(),
  client_remarks: z.string(),
  client_create_at: z.string(),
  client_deleted_at: z.string().nullable(),
  analystInfo: z.array(z.object({ user_id: z.number(), user_name: z.string() })),
  ...serviceFields,
});
export type Client = z.infer<typeof client>;

export const CLIENT_DATE_FIELDS = ['client_create_at', 'contract_start_date', 'contract_end_date'] as const;
export const CLIENT_WORD_FIELDS = ['client_name', 'client_tel', 'client_address', 'client_remarks'] as const;
export const searchClientsInput = searchConditions(CLIENT_DATE_FIELDS, CLIENT_WORD_FIELDS).and(
  z.object({ removed: z.boolean().optional().default(false) }),
);
export const searchClientsOutput = z.object({ client: z.array(client) });

export const getClientInput = z.object({ clientId: id });
export const clientOutput = z.object({ client });
export const removeClientInput = z.object({ clientId: id });
export const removeClientOutput = z.object({});

/** Selectors: analysts get the clients they manage, or every client with `all`; administrators every client. */
export const fetchClientsInput = z.object({ all: z.boolean().optional().default(false) });
export const fetchClientsOutput = z.object({
  client: z.array(z.object({ client_id: z.number(), client_name: z.string(), client_tel: z.string(), client_address: z.string(), client_remarks: z.string() })),
});
