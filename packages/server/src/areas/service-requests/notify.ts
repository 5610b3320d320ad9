import { isMessageKey, translate, type Locale, type MessageKey, type ServiceRequestSummary } from '@portal/contract';
import type { AuthedContext } from '../../platform/context.js';
import { notifyUsers } from '../notices/service.js';
import { clientUsers, staffOfClient, userName } from './repo.js';

/**
 * Every new request, message and status change tells the other side: a client user's action its managing analysts
 * (and the assignee), a staff action the client's users. A notice in the notice centre and a mail, each in the
 * recipient's language, in the transaction of the change (a rolled-back change tells nobody).
 */
export type RequestEvent = { kind: 4 } | { kind: 5; excerpt: string } | { kind: 6; from: number };

export const requestPath = (id: number) => `/case-management/${id}`;

const label = (locale: Locale, key: string) => (isMessageKey(key) ? translate(locale, key) : key);

export async function tellOtherSide(ctx: AuthedContext, request: ServiceRequestSummary, event: RequestEvent, byClient: boolean): Promise<void> {
  const recipients = (byClient ? await staffOfClient(ctx.db, request.clientId, request.assigneeId) : await clientUsers(ctx.db, request.clientId)).filter((u) => u.user_id !== ctx.user.userId);
  if (recipients.length === 0) return;
  const actorName = await userName(ctx.db, ctx.user.userId);
  const target = requestPath(request.id);
  const params = (locale: Locale): Record<string, string | number> => ({
    id: request.id,
    title: request.title,
    client: request.clientName,
    user: actorName ?? '',
    type: label(locale, `requestType.${request.type}`),
    status: label(locale, `requestStatus.${request.status}`),
    from: event.kind === 6 ? label(locale, `requestStatus.${event.from}`) : '',
    excerpt: event.kind === 5 ? event.excerpt.slice(0, 200) : '',
    link: ctx.services.config.publicUrl ? new URL(target, ctx.services.config.publicUrl).toString() : target,
  });
  const title = `notice.request.type${event.kind}.title` as MessageKey;
  const content = `notice.request.type${event.kind}.content` as MessageKey;
  await notifyUsers(ctx.services, ctx.db, recipients, { type: event.kind, title, content, params, target, now: ctx.now });
  for (const r of recipients) {
    const locale = r.user_locale as Locale;
    await ctx.services.mailer.send({ to: r.user_mail, locale, subject: title, paragraphs: [content, 'mail.request.link'], params: params(locale) });
  }
}
