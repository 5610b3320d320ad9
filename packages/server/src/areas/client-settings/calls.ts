import { GENUINE_PHOTOS_PER_UPLOAD, PICTURE_MAX_BYTES, Role, type CallPath } from '@portal/contract';
import type { Access, CallRegistrar, DownloadRegistrar, OwnerRule, TenantRule } from '../../platform/call.js';
import type { AuthedContext } from '../../platform/context.js';
import { fail } from '../../platform/errors.js';
import * as brands from './brands.js';
import * as photos from './genuine-photos.js';
import { getPictureSettings, setPictureSettings } from './picture-settings.js';
import { listKinds, type ListKind } from './lists.js';
import * as settings from './settings.js';

/**
 * Section 7 "Master data". Changes: analysts among the client's managers. Reads the record screens need
 * (brands, product categories, custom columns): any analyst and the client's own users. The rest: managers.
 */
const MANAGERS: TenantRule = { field: 'clientId', analysts: 'managers' };
const READERS: TenantRule = { field: 'clientId', analysts: 'any' };

type Input = Record<string, unknown> & { clientId: number };

export function registerClientSettingCalls(call: CallRegistrar, download: DownloadRegistrar): void {
  for (const kind of listKinds) registerList(call, kind);

  const read = { roles: Role.CLIENT | Role.ANALYST, access: 'read', tenant: READERS, transaction: false } as const;
  const change = { roles: Role.ANALYST, access: 'write', tenant: MANAGERS } as const;
  call('/api/analyst/fetch-brands', { ...read, handler: async (ctx, i) => ({ brands: await brands.list(ctx, i.clientId) }) });
  call('/api/analyst/create-brand', { ...change, handler: (ctx, i) => brands.createBrand(ctx, i.clientId, i.brand) });
  call('/api/analyst/update-brand', { ...change, handler: (ctx, i) => brands.updateBrand(ctx, i.clientId, i.brandId, i.brand) });
  call('/api/analyst/remove-brand', { ...change, handler: (ctx, i) => brands.removeBrand(ctx, i.clientId, i.brandId) });
  call('/api/analyst/create-brand-keyword', { ...change, handler: (ctx, i) => brands.createKeyword(ctx, i.clientId, i.brandId, i.keywordName) });
  call('/api/analyst/update-brand-keyword', { ...change, handler: (ctx, i) => brands.updateKeyword(ctx, i.clientId, i.brandId, i.keywordId, i.keywordName) });
  call('/api/analyst/remove-brand-keyword', { ...change, handler: (ctx, i) => brands.removeKeyword(ctx, i.clientId, i.brandId, i.keywordId) });
  call('/api/analyst/create-brand-model', { ...change, handler: (ctx, i) => brands.createModel(ctx, i.clientId, i.brandId, i.brandModelName, i.brandModelPrice) });
  call('/api/analyst/update-brand-model', {
    ...change,
    handler: (ctx, i) => brands.updateModel(ctx, i.clientId, i.brandId, i.brandModelId, i.brandModelName, i.brandModelPrice),
  });
  call('/api/analyst/remove-brand-model', { ...change, handler: (ctx, i) => brands.removeModel(ctx, i.clientId, i.brandId, i.brandModelId) });

  call('/api/analyst/get-trademark-countries', { roles: Role.ANALYST, access: 'read', tenant: MANAGERS, transaction: false, handler: (ctx, i) => settings.getCountries(ctx, i.clientId) });
  call('/api/analyst/set-trademark-countries', { ...change, handler: (ctx, i) => settings.setCountries(ctx, i.clientId, i.regions) });
  // A client user keeps their own company's impact settings too (the /data-setting page).
  const impact = { roles: Role.CLIENT | Role.ANALYST, tenant: MANAGERS } as const;
  call('/api/analyst/get-impact-settings', { ...impact, access: 'read', transaction: false, handler: (ctx, i) => settings.getImpact(ctx, i.clientId) });
  call('/api/analyst/set-impact-settings', { ...impact, access: 'write', handler: (ctx, i) => settings.setImpact(ctx, i) });
  // Re-check after a takedown: the client's users may read how many days, only its managing analysts change it.
  call('/api/analyst/get-recheck-settings', { ...read, handler: (ctx, i) => settings.getRecheck(ctx, i.clientId) });
  call('/api/analyst/set-recheck-settings', { ...change, handler: (ctx, i) => settings.setRecheck(ctx, i) });

  // The brand's genuine product photos (issue 31): its managing analysts keep them, its users may look at them.
  const photo: OwnerRule = { object: 'genuine photo', clientOf: (db, i) => photos.clientOfPhoto(db, Number(i.photoId)) };
  const upload = { maxBytes: PICTURE_MAX_BYTES, maxFiles: GENUINE_PHOTOS_PER_UPLOAD };
  call('/api/client-settings/upload-genuine-photos', { ...change, upload, handler: (ctx, i) => photos.uploadPhotos(ctx, i) });
  call('/api/client-settings/fetch-genuine-photos', { ...read, handler: (ctx, i) => photos.fetchPhotos(ctx, i.clientId) });
  call('/api/client-settings/remove-genuine-photo', { roles: Role.ANALYST, access: 'write', owner: photo, handler: (ctx, i) => photos.removePhoto(ctx, i.photoId) });
  call('/api/client-settings/get-picture-settings', { ...read, handler: (ctx, i) => getPictureSettings(ctx, i.clientId) });
  call('/api/client-settings/set-picture-settings', { ...change, handler: (ctx, i) => setPictureSettings(ctx, i) });
  download('/api/client-settings/genuine-photo', { roles: Role.CLIENT | Role.ANALYST, tenant: READERS, handler: (ctx, q) => photos.servePhoto(ctx, q) });
}

/** The four calls of one simple list, each answering with the whole list as it now is. */
function registerList(call: CallRegistrar, kind: ListKind<Record<string, unknown>>): void {
  const scope = (input: Input) =>
    Object.fromEntries(Object.entries(kind.scopeFields ?? {}).flatMap(([field, column]) => (input[field] === undefined ? [] : [[column, input[field]]])));
  const answer = async (ctx: AuthedContext, input: Input) => ({
    [kind.listKey]: (await kind.table.list(ctx.db, input.clientId, scope(input))).map(kind.present),
  });
  const handler = (fn: (ctx: AuthedContext, input: Input) => Promise<unknown>) => fn;
  // One description serves several paths, so the path-by-path typing of `call` cannot follow it; the contract
  // still validates every payload, and tests check every answer against its schema.
  const register = call as unknown as (
    path: CallPath,
    def: { roles: number; access: Access; tenant: TenantRule; transaction?: boolean; handler: (ctx: AuthedContext, input: Input) => Promise<unknown> },
  ) => void;

  register(kind.paths.fetch, {
    roles: kind.readByClients ? Role.CLIENT | Role.ANALYST : Role.ANALYST,
    access: 'read',
    tenant: kind.readByClients ? READERS : MANAGERS,
    transaction: false,
    handler: handler((ctx, input) => answer(ctx, input)),
  });
  register(kind.paths.create, {
    roles: Role.ANALYST,
    access: 'write',
    tenant: MANAGERS,
    handler: handler(async (ctx, input) => {
      kind.check?.(input);
      await kind.table.insert(ctx.db, input.clientId, { ...kind.toRow(input), ...scope(input) });
      return answer(ctx, input);
    }),
  });
  /** Update and remove name a row; its scope (e.g. the url list's type) decides which list the answer shows. */
  const existing = async (ctx: AuthedContext, input: Input) => {
    const row = await kind.table.find(ctx.db, input.clientId, Number(input[kind.idField]));
    if (!row) fail('objectNotFound');
    const rowScope = Object.fromEntries(Object.entries(kind.scopeFields ?? {}).map(([field, column]) => [field, row[column]]));
    return { ...input, ...rowScope };
  };
  register(kind.paths.update, {
    roles: Role.ANALYST,
    access: 'write',
    tenant: MANAGERS,
    handler: handler(async (ctx, input) => {
      const scoped = await existing(ctx, input);
      kind.check?.(input);
      await kind.table.update(ctx.db, input.clientId, Number(input[kind.idField]), kind.toRow(input));
      return answer(ctx, scoped);
    }),
  });
  register(kind.paths.remove, {
    roles: Role.ANALYST,
    access: 'write',
    tenant: MANAGERS,
    handler: handler(async (ctx, input) => {
      const scoped = await existing(ctx, input);
      await kind.table.remove(ctx.db, input.clientId, Number(input[kind.idField]));
      return answer(ctx, scoped);
    }),
  });
}
