import { REQUEST_IMAGE_TYPES, translate, type Locale, type trademarks } from '@portal/contract';
import type { z } from 'zod';
import type { AuthedContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { storeImage } from '../../platform/files.js';
import { uploadedImage } from '../../platform/images.js';
import { insertTrademarkRequest, liveAdministrators, userAndCompanyName } from './repo.js';

type RequestInput = z.output<typeof trademarks.registrationInput>;

/** Who receives requests: REQUEST_MAIL_TO in the requester's language, or else every administrator in theirs. */
async function requestDesk(ctx: AuthedContext): Promise<{ mail: string; locale: Locale }[]> {
  const configured = ctx.services.config.requestMailTo;
  if (configured) return configured.split(',').map((mail) => ({ mail: mail.trim(), locale: ctx.locale })).filter((r) => r.mail !== '');
  const admins = await liveAdministrators(ctx.db);
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
  const requestId = await insertTrademarkRequest(ctx.db, {
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
  });

  const who = await userAndCompanyName(ctx.db, ctx.user.userId);
  const attachmentName = design ? `request-${requestId}.${imageName?.split('.').pop() ?? 'png'}` : '';
  for (const desk of await requestDesk(ctx)) {
    const none = translate(desk.locale, 'mail.trademarkRequest.none');
    await ctx.services.mailer.send({
      to: desk.mail,
      locale: desk.locale,
      subject: 'mail.trademarkRequest.subject',
      paragraphs: ['mail.trademarkRequest.intro', 'mail.trademarkRequest.fields'],
      params: {
        requestId,
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
  return { requestId };
}
