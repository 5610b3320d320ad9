import { z } from 'zod';
import { id } from './accounts.js';
import { isoDate, searchConditions } from './search.js';
import { MAIL_RE, SERIAL_ID_MAX } from './validation.js';

/**
 * Document 2: trademarks (sections 2, 3, 5, 7) and registration requests. Field names of the answers are the
 * spec's (`trademark_*`); payload names are the call table's (`no`, `region`, `type`, ...).
 */

/** 1 registered, 2 applying, 3 rejected; null is the blank status. Any may follow any. */
export const TRADEMARK_STATUSES = [1, 2, 3] as const;
export type TrademarkStatus = (typeof TRADEMARK_STATUSES)[number];

export const TRADEMARK_TEXT_MAX = 200;
export const TRADEMARK_DESCRIPTION_MAX = 2000;
export const TRADEMARK_REMARKS_MAX = 1000;
/** Images: one per trademark, at most 10 MB, checked by their bytes. */
export const TRADEMARK_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const TRADEMARK_IMAGE_TYPES = ['png', 'jpeg'] as const;
/** A registration request may carry any of these image types. */
export const REQUEST_IMAGE_TYPES = ['png', 'jpeg', 'bmp', 'gif'] as const;
export type ImageType = 'png' | 'jpeg' | 'bmp' | 'gif';
export const IMAGE_EXTENSIONS: Record<ImageType, string[]> = { png: ['png'], jpeg: ['jpg', 'jpeg'], bmp: ['bmp'], gif: ['gif'] };

/** Multipart fields arrive as text: numbers are parsed, blanks are absent. */
const formId = z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v === '' ? undefined : v), id);
const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

export const trademark = z.object({
  trademark_id: z.number(),
  trademark_client_id: z.number(),
  client_name: z.string(),
  trademark_no: z.string(),
  trademark_region: z.string(),
  /** The product genre (Nice class 1-45), held as text. */
  trademark_type: z.string(),
  trademark_text: z.string(),
  /** The stored image's name (served by GET /api/trademark/get-trademark-image), or null. */
  trademark_image: z.string().nullable(),
  trademark_register_date: z.string().nullable(),
  trademark_invalid_date: z.string().nullable(),
  trademark_remind_flag: z.boolean(),
  trademark_belongsto: z.string(),
  trademark_description_ja: z.string(),
  trademark_description_en: z.string(),
  trademark_description_cn: z.string(),
  trademark_status: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable(),
  trademark_remarks: z.string(),
  trademark_updated_at: z.string(),
});
export type Trademark = z.infer<typeof trademark>;

export const TRADEMARK_DATE_FIELDS = ['registerDate', 'invalidDate'] as const;
export const TRADEMARK_WORD_FIELDS = ['text', 'belongsto', 'descriptionJP', 'descriptionEN', 'descriptionCN'] as const;
export const TRADEMARK_SORT_FIELDS = ['trademark_id', 'trademark_no', 'trademark_register_date', 'trademark_invalid_date'] as const;

const genre = z
  .union([z.string(), z.number()], { error: 'validation.genreRequired' })
  .transform((v) => String(v).trim())
  .refine((v) => v !== '', 'validation.genreRequired')
  .refine((v) => /^\d{1,2}$/.test(v) && Number(v) >= 1 && Number(v) <= 45, 'validation.genreInvalid')
  .transform((v) => String(Number(v)));

const region = z
  .string({ error: 'validation.trademarkRegionRequired' })
  .trim()
  .min(1, 'validation.trademarkRegionRequired')
  .regex(/^[A-Z]{2}$/, 'validation.trademarkRegionRequired');

const status = z
  .union([z.literal(1), z.literal(2), z.literal(3), z.null(), z.literal('')], { error: 'validation.trademarkStatusInvalid' })
  .transform((v) => (v === '' ? null : v));

export const searchTrademarksInput = searchConditions(TRADEMARK_DATE_FIELDS, TRADEMARK_WORD_FIELDS).and(
  z.object({
    /** Analysts may leave it out (every client); client users are always held to their own company. */
    clientId: id.optional(),
    /** Column filters: any of the values given; `null` in status is the blank status. */
    filters: z
      .object({
        clientId: z.array(id).max(1000).optional(),
        region: z.array(region).max(300).optional(),
        type: z.array(genre).max(45).optional(),
        status: z.array(z.union([z.literal(1), z.literal(2), z.literal(3), z.null()])).max(4).optional(),
      })
      .optional()
      .default({}),
    sort: z
      .object({ field: z.enum(TRADEMARK_SORT_FIELDS), order: z.enum(['ascend', 'descend']) })
      .optional(),
    current: z.number().int().min(1).max(1_000_000).optional().default(1),
    pageSize: z.number().int().min(1).max(500).optional().default(20),
  }),
);
export const searchTrademarksOutput = z.object({
  trademarks: z.array(trademark),
  total: z.number(),
  /** The regions among the trademarks the user may see, for the region column filter. */
  regions: z.array(z.string()),
});

const optionalText = (max: number) => z.string().trim().max(max, 'validation.tooLong');

const trademarkFields = {
  no: z
    .string({ error: 'validation.trademarkNoRequired' })
    .trim()
    .min(1, 'validation.trademarkNoRequired')
    .max(TRADEMARK_TEXT_MAX, 'validation.tooLong'),
  region,
  type: genre,
  text: z
    .string({ error: 'validation.wordMarkRequired' })
    .trim()
    .min(1, 'validation.wordMarkRequired')
    .max(TRADEMARK_TEXT_MAX, 'validation.tooLong'),
  belongsto: optionalText(TRADEMARK_TEXT_MAX),
  descriptionJP: optionalText(TRADEMARK_DESCRIPTION_MAX),
  descriptionEN: optionalText(TRADEMARK_DESCRIPTION_MAX),
  descriptionCN: optionalText(TRADEMARK_DESCRIPTION_MAX),
  status,
  remarks: optionalText(TRADEMARK_REMARKS_MAX),
  remindFlag: z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1),
  /** A name answered by upload-image; null (or blank) for no image. */
  image: z.preprocess(blankToNull, z.string().max(100, 'validation.tooLong').nullable()),
  registerDate: z.preprocess(blankToNull, isoDate.nullable()),
  invalidDate: z.preprocess(blankToNull, isoDate.nullable()),
};

const datesInOrder = (v: { registerDate?: string | null; invalidDate?: string | null }) =>
  !v.registerDate || !v.invalidDate || v.invalidDate >= v.registerDate;
const datesIssue = { message: 'validation.expiryBeforeRegistration', path: ['invalidDate'] };

export const createTrademarkInput = z
  .object({
    clientId: z.number({ error: 'validation.trademarkClientRequired' }).int('validation.trademarkClientRequired').positive('validation.trademarkClientRequired').max(SERIAL_ID_MAX, 'validation.trademarkClientRequired').optional(),
    ...trademarkFields,
    belongsto: trademarkFields.belongsto.optional().default(''),
    descriptionJP: trademarkFields.descriptionJP.optional().default(''),
    descriptionEN: trademarkFields.descriptionEN.optional().default(''),
    descriptionCN: trademarkFields.descriptionCN.optional().default(''),
    status: trademarkFields.status.optional().default(null),
    remarks: trademarkFields.remarks.optional().default(''),
    remindFlag: trademarkFields.remindFlag.optional().default(false),
    image: trademarkFields.image.optional().default(null),
    registerDate: trademarkFields.registerDate.optional().default(null),
    invalidDate: trademarkFields.invalidDate.optional().default(null),
  })
  .refine(datesInOrder, datesIssue);

/** An update changes only the fields it names (no defaults): a field left out is left alone. */
export const updateTrademarkInput = z
  .object({
    trademarkId: id,
    no: trademarkFields.no.optional(),
    region: trademarkFields.region.optional(),
    type: trademarkFields.type.optional(),
    text: trademarkFields.text.optional(),
    belongsto: trademarkFields.belongsto.optional(),
    descriptionJP: trademarkFields.descriptionJP.optional(),
    descriptionEN: trademarkFields.descriptionEN.optional(),
    descriptionCN: trademarkFields.descriptionCN.optional(),
    status: trademarkFields.status.optional(),
    remarks: trademarkFields.remarks.optional(),
    remindFlag: trademarkFields.remindFlag.optional(),
    image: trademarkFields.image.optional(),
    registerDate: trademarkFields.registerDate.optional(),
    invalidDate: trademarkFields.invalidDate.optional(),
  })
  .refine(datesInOrder, datesIssue);

export const trademarkIdInput = z.object({ trademarkId: id });
export const trademarkOutput = z.object({ trademark });
export const removeTrademarkOutput = z.object({});

/** Multipart text fields of upload-image (the file is the `file` part). */
export const uploadImageInput = z.object({ clientId: formId, trademarkId: formId.optional() });
export const uploadImageOutput = z.object({ name: z.string() });
export const removeImageInput = z.object({
  name: z.string().min(1).max(100),
  clientId: id,
  trademarkId: id.optional(),
});
export const removeImageOutput = z.object({});

const requestText = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(TRADEMARK_TEXT_MAX, 'validation.tooLong');
/** Phone and fax numbers: digits with the usual separators, 6 to 20 digits in all. */
const PHONE_CHARS_RE = /^\+?[0-9()\-. ]+$/;
const isPhone = (s: string) => PHONE_CHARS_RE.test(s) && (s.match(/\d/g)?.length ?? 0) >= 6 && (s.match(/\d/g)?.length ?? 0) <= 20;

/** Multipart text fields of a registration request (the image, if any, is the `file` part). */
export const registrationInput = z.object({
  trademark_title: z.string().trim().max(TRADEMARK_TEXT_MAX, 'validation.tooLong').optional().default(''),
  trademark_detail: requestText('validation.requestDetailRequired'),
  company: requestText('validation.applicantRequired'),
  name: requestText('validation.contactNameRequired'),
  mail: z
    .string({ error: 'validation.contactMailRequired' })
    .trim()
    .min(1, 'validation.contactMailRequired')
    .max(TRADEMARK_TEXT_MAX, 'validation.tooLong')
    .regex(MAIL_RE, 'validation.contactMailInvalid')
    .transform((s) => s.toLowerCase()),
  tel: requestText('validation.contactTelRequired').refine(isPhone, 'validation.contactTelInvalid'),
  fax: z
    .string()
    .trim()
    .max(TRADEMARK_TEXT_MAX, 'validation.tooLong')
    .refine((s) => s === '' || isPhone(s), 'validation.faxInvalid')
    .optional()
    .default(''),
  remarks: z.string().trim().max(TRADEMARK_REMARKS_MAX, 'validation.tooLong').optional().default(''),
});
export const registrationOutput = z.object({ requestId: z.number() });
