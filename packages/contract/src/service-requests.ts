import { z } from 'zod';
import { isoDate } from './search.js';
import { id } from './validation.js';

/**
 * Legal services, offline protection and business support (issue 17): one request-and-case workflow behind eleven
 * menu entries. Calls, types and statuses are the spec's ("Legal services, offline protection, business support").
 */
export const SERVICE_REQUEST_TYPES = ['trademark-search', 'registration-progress', 'renewal', 'office-action', 'change-transfer', 'watch', 'invalidation', 'offline', 'biz-support', 'case'] as const;
export type ServiceRequestType = (typeof SERVICE_REQUEST_TYPES)[number];

/** 1 received, 2 in progress, 3 waiting for the client, 4 done, 5 cancelled. */
export const SERVICE_REQUEST_STATUSES = [1, 2, 3, 4, 5] as const;
export type ServiceRequestStatus = (typeof SERVICE_REQUEST_STATUSES)[number];
export const STATUS_CANCELLED = 5;

/** The steps the workflow allows (done and cancelled are final). Staff move along these; a client only cancels. */
export const STATUS_STEPS: Record<ServiceRequestStatus, readonly ServiceRequestStatus[]> = {
  1: [2, 5],
  2: [3, 4],
  3: [2, 5],
  4: [],
  5: [],
};
/** A client user may cancel while nobody is working on it (received, or waiting for the client). */
export const CLIENT_CANCELLABLE: readonly ServiceRequestStatus[] = [1, 3];
export const isClosed = (status: number) => status === 4 || status === 5;

export const SERVICE_FILE_MAX_BYTES = 20 * 1024 * 1024;
/** Files of requests, by their decoded bytes: PDF, images and office documents (OOXML and the older OLE ones). */
export const SERVICE_FILE_TYPES = ['pdf', 'png', 'jpeg', 'gif', 'bmp', 'docx', 'xlsx', 'pptx', 'ole'] as const;
export type ServiceFileType = (typeof SERVICE_FILE_TYPES)[number];
export const SERVICE_CURRENCIES = ['JPY', 'USD', 'EUR', 'CNY'] as const;

const text = (max: number) => z.string({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalid') }).trim().max(max, 'validation.tooLong');
const required = (max: number) => text(max).min(1, 'validation.required');
const notes = text(2000).optional().default('');
const optionalId = id.optional();

/** The fields each type asks for; every type has free notes. */
export const SERVICE_REQUEST_FIELDS = {
  'trademark-search': z.object({ mark: required(200), classes: text(200).optional().default(''), regions: text(200).optional().default(''), notes }),
  'registration-progress': z.object({ trademarkId: optionalId, applicationNo: text(200).optional().default(''), notes }),
  renewal: z.object({ trademarkId: z.number({ error: 'validation.requestTrademarkRequired' }).pipe(id), expiryDate: isoDate.optional(), notes }),
  'office-action': z.object({ trademarkId: optionalId, answerDeadline: isoDate, office: text(200).optional().default(''), notes }),
  'change-transfer': z.object({ trademarkId: optionalId, newHolder: required(200), notes }),
  watch: z.object({ mark: required(200), regions: text(200).optional().default(''), notes }),
  invalidation: z.object({ trademarkId: optionalId, target: required(200), notes }),
  offline: z.object({ kind: z.enum(['raid', 'customs', 'survey'], { error: 'validation.invalid' }), region: text(200).optional().default(''), notes }),
  'biz-support': z.object({ topic: required(200), notes }),
  case: z.object({ notes }),
} satisfies Record<ServiceRequestType, z.ZodType>;

export const FIELD_NAMES = {
  'trademark-search': ['mark', 'classes', 'regions', 'notes'],
  'registration-progress': ['trademarkId', 'applicationNo', 'notes'],
  renewal: ['trademarkId', 'expiryDate', 'notes'],
  'office-action': ['trademarkId', 'answerDeadline', 'office', 'notes'],
  'change-transfer': ['trademarkId', 'newHolder', 'notes'],
  watch: ['mark', 'regions', 'notes'],
  invalidation: ['trademarkId', 'target', 'notes'],
  offline: ['kind', 'region', 'notes'],
  'biz-support': ['topic', 'notes'],
  case: ['notes'],
} as const satisfies Record<ServiceRequestType, readonly string[]>;

const common = { clientId: id.optional(), title: required(200), dueDate: isoDate.optional() };
const variant = <T extends ServiceRequestType>(t: T) => z.object({ ...common, type: z.literal(t), fields: SERVICE_REQUEST_FIELDS[t] });
export const createInput = z.discriminatedUnion(
  'type',
  [variant('trademark-search'), variant('registration-progress'), variant('renewal'), variant('office-action'), variant('change-transfer'), variant('watch'), variant('invalidation'), variant('offline'), variant('biz-support'), variant('case')],
  { error: 'validation.requestTypeInvalid' },
);
export type CreateServiceRequestInput = z.output<typeof createInput>;

const fileInfo = z.object({ name: z.string(), originalName: z.string(), contentType: z.string(), size: z.number(), createdAt: z.string() });
export type ServiceFile = z.infer<typeof fileInfo>;
const message = z.object({ id: z.number(), body: z.string(), byUserName: z.string(), byStaff: z.boolean(), createdAt: z.string(), files: z.array(fileInfo) });
export type ServiceMessage = z.infer<typeof message>;

export const requestSummary = z.object({
  id: z.number(),
  clientId: z.number(),
  clientName: z.string(),
  type: z.enum(SERVICE_REQUEST_TYPES),
  title: z.string(),
  fields: z.record(z.string(), z.unknown()),
  status: z.number(),
  assigneeId: z.number().nullable(),
  assigneeName: z.string().nullable(),
  dueDate: z.string().nullable(),
  fee: z.number().nullable(),
  currency: z.string().nullable(),
  /** Proposed by the portal (a renewal 6 months before expiry) and not yet confirmed by the client. */
  draft: z.boolean(),
  createdByName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ServiceRequestSummary = z.infer<typeof requestSummary>;
export const serviceRequest = requestSummary.extend({ messages: z.array(message), files: z.array(fileInfo) });
export type ServiceRequest = z.infer<typeof serviceRequest>;

export const requestOutput = z.object({ request: serviceRequest });
export const requestIdInput = z.object({ requestId: id });

const statusSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)], { error: 'validation.requestStatusInvalid' });
const optionalDate = z.union([isoDate, z.literal(''), z.null()]).optional();
export const searchInput = z.object({
  clientId: id.optional(),
  type: z.enum(SERVICE_REQUEST_TYPES, { error: 'validation.requestTypeInvalid' }).optional(),
  status: statusSchema.optional(),
  dueFrom: optionalDate,
  dueTo: optionalDate,
  keyword: z.string().max(200, 'validation.tooLong').optional().default(''),
  offset: z.number({ error: 'validation.invalid' }).int().min(0).max(100_000_000).optional().default(0),
  limit: z.number({ error: 'validation.invalid' }).int().min(1).max(200).optional().default(20),
});
export const searchOutput = z.object({ requests: z.array(requestSummary), total: z.number() });

export const updateInput = z.object({
  requestId: id,
  status: statusSchema.optional(),
  assigneeId: id.nullable().optional(),
  dueDate: isoDate.nullable().optional(),
  fee: z.number({ error: 'validation.feeInvalid' }).min(0, 'validation.feeInvalid').max(1e12, 'validation.feeInvalid').refine((n) => Math.round(n * 100) === n * 100, 'validation.feeInvalid').nullable().optional(),
  currency: z.enum(SERVICE_CURRENCIES, { error: 'validation.requestCurrencyInvalid' }).nullable().optional(),
  /** The client confirms a renewal the portal proposed. */
  confirm: z.literal(true).optional(),
});
export type UpdateServiceRequestInput = z.output<typeof updateInput>;

export const addMessageInput = z.object({
  requestId: id,
  body: required(5000),
  /** Files uploaded to this request (upload-file) that this message carries. */
  files: z.array(z.string().min(1).max(100)).max(10).optional().default([]),
});

/** Multipart text fields of upload-file (the file is the `file` part). */
const formId = z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v === '' ? undefined : v), id);
export const uploadFileInput = z.object({ requestId: formId });
export const uploadFileOutput = z.object({ file: fileInfo });
export const removeOutput = z.object({});
