import { z } from 'zod';
import { id } from './accounts.js';
import { isoDate } from './search.js';

/** Document 2: the notice centre and the news list. */

/** Notice types: 1 a record updated, 2 records updated together, 3 a report posted (marketplace or website records; the text says which);
 *  service requests: 4 a new request, 5 a new message, 6 a status change; 7 a watch's run found changes or failed;
 *  8 a webhook endpoint turned off after failing for a day. */
export const NOTICE_TYPES = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];

export const notice = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  type: z.number(),
  from: z.string(),
  createdAt: z.string(),
  viewed: z.boolean(),
  target_url: z.string(),
});
export type Notice = z.infer<typeof notice>;

const optionalDate = z.union([isoDate, z.literal(''), z.null()]).optional();
export const searchNoticesInput = z
  .object({
    offset: z.number({ error: 'validation.invalid' }).int().min(0).max(100_000_000).optional().default(0),
    limit: z.number({ error: 'validation.invalid' }).int().min(1).max(1000).optional().default(20),
    startDate: optionalDate,
    endDate: optionalDate,
    keyword: z.string().max(200, 'validation.tooLong').optional().default(''),
  })
  .refine((v) => !v.startDate || !v.endDate || v.endDate >= v.startDate, { message: 'validation.endBeforeStart', path: ['endDate'] });
export const searchNoticesOutput = z.object({ notices: z.array(notice), total: z.number(), unviewed: z.number() });

export const viewNoticeInput = z.object({ noticeId: id });
export const viewNoticeOutput = z.object({ notice });

export const newsItem = z.object({ id: z.number(), title: z.string(), url: z.string(), date: z.string() });
export type NewsItem = z.infer<typeof newsItem>;
export const newsListInput = z.object({
  page: z.number({ error: 'validation.invalid' }).int().min(1).max(1_000_000).optional().default(1),
  pageSize: z.number({ error: 'validation.invalid' }).int().min(1).max(1000).optional().default(20),
});
export const newsListOutput = z.object({ news: z.array(newsItem), total: z.number() });

const newsTitle = z.string({ error: 'validation.newsTitleRequired' }).trim().min(1, 'validation.newsTitleRequired').max(200, 'validation.tooLong');
const newsUrl = z
  .string({ error: 'validation.urlInvalid' })
  .trim()
  .max(2000, 'validation.tooLong')
  .regex(/^https?:\/\/[^\s]+$/i, 'validation.urlInvalid');
export const createNewsInput = z.object({ title: newsTitle, url: newsUrl, date: isoDate.optional() });
export const updateNewsInput = z.object({ newsId: id, title: newsTitle, url: newsUrl, date: isoDate.optional() });
export const removeNewsInput = z.object({ newsId: id });
export const newsItemOutput = z.object({ news: newsItem });
export const removeNewsOutput = z.object({});
