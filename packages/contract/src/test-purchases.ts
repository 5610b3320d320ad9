import { z } from 'zod';
import { id } from './accounts.js';
import { SERIAL_ID_MAX } from './validation.js';

/** Document 2 "Test purchase": which client's products to buy where, and how many; kept by staff. */

export const testPurchase = z.object({
  id: z.number(),
  client: z.number(),
  client_name: z.string(),
  region: z.string(),
  site: z.string(),
  count: z.number(),
});
export type TestPurchase = z.infer<typeof testPurchase>;
export const testPurchasesOutput = z.object({ testPurchase: z.array(testPurchase) });
export const fetchTestPurchasesInput = z.object({});

const fields = {
  client: z.number({ error: 'validation.purchaseClientRequired' }).int('validation.purchaseClientRequired').positive('validation.purchaseClientRequired').max(SERIAL_ID_MAX, 'validation.purchaseClientRequired'),
  region: z.string({ error: 'validation.purchaseRegionRequired' }).trim().regex(/^[A-Z]{2}$/, 'validation.purchaseRegionRequired'),
  site: z.string({ error: 'validation.purchaseSiteRequired' }).trim().min(1, 'validation.purchaseSiteRequired').max(200, 'validation.tooLong'),
  count: z.coerce
    .number({ error: 'validation.purchaseCountRequired' })
    .int('validation.purchaseCountInteger')
    .min(1, 'validation.purchaseCountInteger')
    .max(100_000, 'validation.purchaseCountInteger'),
};
export const addTestPurchaseInput = z.object(fields);
export const updateTestPurchaseInput = z.object({ id, ...fields });
export const removeTestPurchaseInput = z.object({ id });

export const regionsInput = z.object({});
export const regionsOutput = z.object({ regions: z.array(z.object({ code: z.string(), name_en: z.string(), name_ja: z.string() })) });
