import { Role, decodeDownloadQuery, hasRole, translate, type Locale } from '@portal/contract';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { resolveSession, tokenFrom } from './auth.js';
import { PUBLIC, type RegisteredCall, type RegisteredDownload, type UploadRule } from './call.js';
import type { CallContext, Services, SessionUser, UploadedFile } from './context.js';
import { isPoolTimeout } from './db.js';
import { AppError } from './errors.js';
import { requestLocale } from './locale.js';
import { assertStorableText, installJsonBodyParser, jsonDepthExceeds, MAX_JSON_DEPTH, tenantIdOf } from './boundary.js';
import { checkOwner, checkTenant } from './tenant.js';
import { firstIssueMessage } from './validate.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language answers to this request are written in (set as early as it is known). */
    portalLocale: Locale;
    portalUserId: number | null;
    portalCode: number;
  }
}

/** Mounts every registered call as `POST path`: authenticate, authorize, validate, tenant, transaction, present. */
export function mountCalls(app: FastifyInstance, services: Services, list: RegisteredCall[]): void {
  for (const call of list) {
    app.post(call.path, (req, reply) => runCall(services, call, req, reply));
  }
}

async function runCall(services: Services, call: RegisteredCall, req: FastifyRequest, reply: FastifyReply) {
  const now = services.clock();
  let user: SessionUser | null = null;
  if (call.roles !== PUBLIC) {
    const token = tokenFrom(req);
    user = token ? await resolveSession(services, token, now) : null;
    if (!user) throw new AppError('unauthenticated');
    req.portalUserId = user.userId;
    req.portalLocale = requestLocale(req, user.locale);
    if (!hasRole(user.role, call.roles)) throw new AppError('forbidden');
    if (call.sessionOnly && user.apiKeyId !== undefined) throw new AppError('apiKeyNotAllowed');
  }
  const locale = req.portalLocale;
  const signal = abandonedSignal(reply);

  const multipart = req.isMultipart();
  if (multipart && !call.upload) throw new AppError('unsupportedMediaType');
  let body: unknown = req.body ?? {};
  let files: UploadedFile[] = [];
  if (call.upload && multipart) ({ fields: body, files } = await readMultipart(req, call.upload));
  let data: unknown;
  try {
    // Text no database could store is refused first, naming its field; then the named client, once it is known
    // to be a real id, before anything else about the payload is looked at (another company learns nothing more).
    assertStorableText(body, locale);
    assertStorableText(Object.fromEntries(files.map((f) => ['fileName', f.filename])), locale);
    const rawTenant = call.tenant && user && isRecord(body) ? body[call.tenant.field] : undefined;
    if (call.tenant && user && rawTenant !== undefined) {
      await checkTenant(services.db, user, call.tenant, tenantIdOf(rawTenant, call.tenant.field, locale));
    }
    if (call.upload && !multipart) throw new AppError('multipartRequired');

    const parsed = call.input.safeParse(body, { reportInput: true });
    if (!parsed.success) return sendError(reply, new AppError('badRequest'), firstIssueMessage(parsed.error, locale));
    const input = parsed.data as Record<string, unknown>;
    if (call.tenant && user && rawTenant === undefined) {
      if (!call.tenant.optional) await checkTenant(services.db, user, call.tenant, input[call.tenant.field]);
      else if (!hasRole(user.role, Role.ANALYST | Role.ADMIN)) {
        // A client user is held to their own company; one not yet linked to a company has none to act on.
        if (user.clientId === null) throw new AppError('forbidden');
        input[call.tenant.field] = user.clientId;
      }
    }
    if (call.owner && user) await checkOwner(services.db, user, call.owner, input);

    const base = { services, user, locale, ip: req.ip, log: req.log, now, files, signal };
    const run = (ctx: CallContext) => call.handler(ctx, input);
    // PGlite has one connection: a call without a transaction still takes it once for all its queries, rather
    // than queueing behind every other request again for each query (a four-query read waited four times).
    // Uploads are left out: they may run batches in transactions of their own so that others get it in between.
    const onPrimary = () =>
      call.transaction
        ? services.db.transaction().execute((trx) => run({ ...base, db: trx }))
        : services.dbKind === 'pglite' && !call.upload
          ? services.db.connection().execute((db) => run({ ...base, db }))
          : run({ ...base, db: services.db });
    // Marked reads may go to the standby (replica.ts): in one read-only transaction there, whatever `transaction` says.
    data = call.replica && services.replica ? await services.replica.read(req, (s, db) => run({ ...base, services: s, db }), onPrimary) : await onPrimary();
  } finally {
    removeSpooled(files);
  }
  // The caller's next reads on the standby wait for this write (read-your-writes).
  if (call.access !== 'read' && services.replica) await services.replica.handOut(req, reply, services.db);

  if (services.config.checkAnswers) call.output.parse(data);
  req.portalCode = 0;
  return reply.send({ code: 0, message: translate(locale, 'ok'), data });
}

/** Text fields become the payload; the one file part named `file` is kept (in memory or spooled) up to the call's limit. */
async function readMultipart(req: FastifyRequest, rule: UploadRule): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  try {
    const maxFiles = rule.maxFiles ?? 1;
    const parts = req.parts({ limits: { fileSize: rule.maxBytes, files: maxFiles, fields: 50, fieldSize: 64 * 1024, parts: 50 + maxFiles } });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume(); // drained, not kept
          continue;
        }
        if (rule.toDisk) {
          const path = join(tmpdir(), `portal-upload-${randomUUID()}`);
          files.push({ filename: part.filename, size: 0, path });
          await pipeline(part.file, fs.createWriteStream(path));
          if (part.file.truncated) throw Object.assign(new Error('file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
          files[files.length - 1]!.size = fs.statSync(path).size;
        } else {
          const bytes = await part.toBuffer();
          files.push({ filename: part.filename, size: bytes.length, bytes });
        }
      } else {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      }
    }
  } catch (err) {
    removeSpooled(files);
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('fileTooLarge', { max: Math.round(rule.maxBytes / 1024 / 1024) });
    if (code === 'FST_FILES_LIMIT') throw (rule.maxFiles ?? 1) > 1 ? new AppError('tooManyFiles', { max: rule.maxFiles! }) : new AppError('oneFileOnly');
    req.log.info({ err }, 'unreadable upload');
    throw new AppError('uploadUnreadable');
  }
  return { fields, files };
}

/**
 * Mounts every download as `GET path`: the token from the header or the session cookie (never the query string),
 * the role check, the query read with the contract's schema (a bad one answers 400 in the user's language), then
 * the handler's bytes with headers that keep a browser from running them.
 */
export function mountDownloads(app: FastifyInstance, services: Services, list: RegisteredDownload[]): void {
  for (const d of list) {
    app.get(d.path, async (req, reply) => {
      const now = services.clock();
      const token = tokenFrom(req);
      const user = token ? await resolveSession(services, token, now) : null;
      if (!user) throw new AppError('unauthenticated');
      req.portalUserId = user.userId;
      req.portalLocale = requestLocale(req, user.locale);
      if (!hasRole(user.role, d.roles)) throw new AppError('forbidden');
      const query: Record<string, string> = {};
      // A repeated parameter (`subtaskIds=1&subtaskIds=2`) arrives joined with commas.
      for (const [k, v] of Object.entries((req.query ?? {}) as Record<string, unknown>)) {
        if (typeof v === 'string') query[k] = v;
        else if (Array.isArray(v) && v.every((x) => typeof x === 'string')) query[k] = v.join(',');
      }
      assertStorableText(query, req.portalLocale);
      // JSON in a parameter (the export's search) is held to the body's nesting limit before it is read.
      if (Object.values(query).some((v) => jsonDepthExceeds(v, MAX_JSON_DEPTH))) throw new AppError('tooDeep', { max: MAX_JSON_DEPTH });
      // The named client first, as for calls, then the query read with the contract's schema of the path.
      if (d.tenant) await checkTenant(services.db, user, d.tenant, tenantIdOf(query[d.tenant.field], d.tenant.field, req.portalLocale));
      const parsed = decodeDownloadQuery(d.path, query);
      if (!parsed.success) return sendError(reply, new AppError('badRequest'), firstIssueMessage(parsed.error, req.portalLocale));
      const ctx = { services, db: services.db, user, locale: req.portalLocale, ip: req.ip, log: req.log, now, files: [], signal: abandonedSignal(reply) };
      const answer =
        d.replica && services.replica
          ? await services.replica.read(req, (s, db) => d.handler({ ...ctx, services: s, db }, parsed.data), () => d.handler(ctx, parsed.data))
          : await d.handler(ctx, parsed.data);
      const disposition = answer.fileName
        ? `attachment; filename*=UTF-8''${encodeURIComponent(answer.fileName)}`
        : 'inline';
      req.portalCode = 0;
      return reply
        .header('content-type', answer.contentType)
        .header('content-disposition', disposition)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', answer.cacheControl ?? 'private, no-cache')
        .send(answer.body);
    });
  }
}

/** Aborts when the connection closes before the answer has been written (the client gave up). */
function abandonedSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** Spooled uploads live only as long as their call. */
export function removeSpooled(files: UploadedFile[]): void {
  for (const f of files) if (f.path) fs.rmSync(f.path, { force: true });
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function sendError(reply: FastifyReply, err: AppError, message?: string) {
  reply.request.portalCode = err.code;
  return reply
    .status(err.status)
    .send({ code: err.code, message: message ?? translate(reply.request.portalLocale, err.key, err.params), data: err.data });
}

/** Fastify's own failures (bad JSON, huge bodies, wrong content type) and anything unexpected, in the same shape. */
export function installErrorHandling(app: FastifyInstance): void {
  // Calls take JSON only (uploads register multipart themselves): anything else is a clear 415, not a puzzling 400.
  app.removeContentTypeParser('text/plain');
  installJsonBodyParser(app);
  app.decorateRequest('portalLocale', 'en');
  app.decorateRequest('portalUserId', null);
  app.decorateRequest('portalCode', 0);
  app.addHook('onRequest', async (req) => {
    req.portalLocale = requestLocale(req);
  });

  app.setErrorHandler((error: Error & { code?: string; statusCode?: number }, req, reply) => {
    if (error instanceof AppError) return sendError(reply, error);
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendError(reply, new AppError('malformedJson'));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendError(reply, new AppError('tooLarge'));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendError(reply, new AppError('unsupportedMediaType'));
    }
    if (error instanceof SyntaxError && error.statusCode === 400) return sendError(reply, new AppError('malformedJson'));
    if (isPoolTimeout(error)) {
      req.log.warn('no database connection came free in time: answered busy');
      return sendError(reply, new AppError('busy'));
    }
    req.log.error({ err: error }, 'call failed');
    return sendError(reply, new AppError('internal'));
  });

  // Structured request log: one line per request, with who made it and how it ended; never bodies or tokens.
  app.addHook('onResponse', async (req, reply) => {
    req.log.info(
      {
        method: req.method,
        url: req.url.split('?')[0],
        status: reply.statusCode,
        code: req.portalCode,
        userId: req.portalUserId,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });
}
