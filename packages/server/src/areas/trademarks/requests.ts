import { REQUEST_IMAGE_TYPES, Role, translate, type Locale, type trademarks } from '@portal/contract';
import { sql, type SqlBool } from 'kysely';
import type { z } from 'zod';
import type { AuthedContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { storeImage } from '../../platform/files.js';
import { uploadedImage } from '../../platform/images.js';

type RequestInput = z.output<typeof trademarks.registrationInput>;

/** Who receives requests: REQUEST_MAIL_TO in the requester's language, or else every administrator in theirs. */
async function requestDesk(ctx: AuthedContext): Promise<{ mail: string; locale: Locale }[]> {
  const configured = ctx.services.config.requestMailTo;
  if (configured) return configured.split(',').map((mail) => ({ mail: mail.trim(), locale: ctx.locale })).filter((r) => r.mail !== '');
  const admins = await ctx.db
    .selectFrom('users')
    .select(['user_mail', 'user_locale'])
    .where('deleted_at', 'is', null)
    .where(sql<SqlBool>`(user_role & ${Role.ADMIN}) <> 0`)
    .execute();
  return admins.map((a) => ({ mail: a.user_mail, locale: a.user_locale as Locale }));
}

/**
 * A client user's request to register a trademark: stored, then mailed with the design mark attached, in one
 * transaction, so a request the desk never received is not kept as sent (the user sees the failure and retries).
 */
export async function sendRegistrationRequest(ctx: AuthedContext, input: RequestInput) {
  const clientId = ctx.user.clientId;
  if (clientId === null) throw new AppError('forbidden');
  const design = ctx.files.length > 0 ? uploadedImage(ctx.files, REQUEST_IMAGE_TYPES, 'imageTypeRequest') : null;
  if (!input.trademark_title && !design) throw new AppError('wordOrImageRequired');

  const imageName = design
    ? await storeImage(ctx.db, { kind: 'tmreq', clientId, type: design.image.type, originalName: design.file.filename, bytes: design.file.bytes, userId: ctx.user.userId, now: ctx.now, attached: true })
    : null;
  const { request_id } = await ctx.db
    .insertInto('trademark_request')
    .values({
      client_id: clientId,
      user_id: ctx.user.userId,
      title: input.trademark_title,
      image: imageName,
      detail: input.trademark_detail,
      company: input.company,
      name: input.name,
      mail: input.mail,
      tel: input.tel,
      fax: input.fax,
      remarks: input.remarks,
      created_at: ctx.now,
    })
    .returning('request_id')
    .executeTakeFirstOrThrow();

  const who = await ctx.db
    .selectFrom('users as u')
    .innerJoin('client as c', 'c.client_id', 'u.client_id')
    .select(['u.user_name', 'c.client_name'])
    .where('u.user_id', '=', ctx.user.userId)
    .executeTakeFirstOrThrow();
  const attachmentName = design ? `request-${request_id}.${imageName?.split('.').pop() ?? 'png'}` : '';
  for (const desk of await requestDesk(ctx)) {
    const none = translate(desk.locale, 'mail.trademarkRequest.none');
    await ctx.services.mailer.send({
      to: desk.mail,
      locale: desk.locale,
      subject: 'mail.trademarkRequest.subject',
      paragraphs: ['mail.trademarkRequest.intro', 'mail.trademarkRequest.fields'],
      params: {
        requestId: request_id,
        user: who.user_name,
        client: who.client_name,
        title: input.trademark_title || none,
        image: design ? translate(desk.locale, 'mail.trademarkRequest.attached', { file: attachmentName }) : none,
        detail: input.trademark_detail,
        company: input.company,
        name: input.name,
        mail: input.mail,
        tel: input.tel,
        fax: input.fax || none,
        remarks: input.remarks || none,
      },
      attachments: design ? [{ filename: attachmentName, content: design.file.bytes, contentType: `image/${design.image.type}` }] : [],
    });
  }
  return { requestId: request_id };
}
