import type { Brand } from '@portal/contract';
import type { AuthedContext } from '../../platform/context.js';
import { fail } from '../../platform/errors.js';
import { masterTable } from '../../platform/master.js';
import { readPicturesAgain } from '../../records/pictures/queue.js';

/** Brands with their keywords and models: the hint words of categorization (document 1, section 3). */

type BrandRow = { brand_id: number; brand_name: string };
type KeywordRow = { keyword_id: number; brand_id: number; keyword_name: string };
type ModelRow = { model_id: number; brand_id: number; model_name: string; model_price: string };

const brandTable = masterTable<BrandRow>('brand', 'brand_id');
const keywordTable = masterTable<KeywordRow>('brand_keyword', 'keyword_id');
const modelTable = masterTable<ModelRow>('brand_model', 'model_id');

const presentKeyword = (k: KeywordRow) => ({ keyword_id: k.keyword_id, keyword_name: k.keyword_name });
const presentModel = (m: ModelRow) => ({ model_id: m.model_id, model_name: m.model_name, model_price: Number(m.model_price) });

export async function list(ctx: AuthedContext, clientId: number): Promise<Brand[]> {
  const [brands, keywords, models] = await Promise.all([
    brandTable.list(ctx.db, clientId),
    keywordTable.list(ctx.db, clientId),
    modelTable.list(ctx.db, clientId),
  ]);
  return brands.map((b) => ({
    brand_id: b.brand_id,
    brand_name: b.brand_name,
    keywords: keywords.filter((k) => k.brand_id === b.brand_id).map(presentKeyword),
    models: models.filter((m) => m.brand_id === b.brand_id).map(presentModel),
  }));
}

export async function createBrand(ctx: AuthedContext, clientId: number, name: string) {
  await brandTable.insert(ctx.db, clientId, { brand_name: name });
  // A brand's name is looked for in listing pictures like a word mark.
  await readPicturesAgain(ctx.services, ctx.db, clientId);
  return { brands: await list(ctx, clientId) };
}

export async function updateBrand(ctx: AuthedContext, clientId: number, brandId: number, name: string) {
  const before = await brandTable.find(ctx.db, clientId, brandId);
  await brandTable.update(ctx.db, clientId, brandId, { brand_name: name });
  if (before && before.brand_name !== name) await readPicturesAgain(ctx.services, ctx.db, clientId);
  return { brands: await list(ctx, clientId) };
}

/** Removing a brand removes its keywords and models with it. */
export async function removeBrand(ctx: AuthedContext, clientId: number, brandId: number) {
  await brandTable.remove(ctx.db, clientId, brandId);
  return { brands: await list(ctx, clientId) };
}

/** A keyword or model belongs to a brand of the same client: another client's brand id is "not found". */
async function ownBrand(ctx: AuthedContext, clientId: number, brandId: number): Promise<void> {
  if (!(await brandTable.find(ctx.db, clientId, brandId))) fail('objectNotFound');
}

async function keywordsOf(ctx: AuthedContext, clientId: number, brandId: number) {
  return { brandId, brandKeywords: (await keywordTable.list(ctx.db, clientId, { brand_id: brandId })).map(presentKeyword) };
}

export async function createKeyword(ctx: AuthedContext, clientId: number, brandId: number, name: string) {
  await ownBrand(ctx, clientId, brandId);
  await keywordTable.insert(ctx.db, clientId, { brand_id: brandId, keyword_name: name });
  return keywordsOf(ctx, clientId, brandId);
}

export async function updateKeyword(ctx: AuthedContext, clientId: number, brandId: number, keywordId: number, name: string) {
  await keywordTable.update(ctx.db, clientId, keywordId, { keyword_name: name }, { brand_id: brandId });
  return keywordsOf(ctx, clientId, brandId);
}

export async function removeKeyword(ctx: AuthedContext, clientId: number, brandId: number, keywordId: number) {
  await keywordTable.remove(ctx.db, clientId, keywordId, { brand_id: brandId });
  return keywordsOf(ctx, clientId, brandId);
}

async function modelsOf(ctx: AuthedContext, clientId: number, brandId: number) {
  return { brandId, brandModels: (await modelTable.list(ctx.db, clientId, { brand_id: brandId })).map(presentModel) };
}

export async function createModel(ctx: AuthedContext, clientId: number, brandId: number, name: string, price: number) {
  await ownBrand(ctx, clientId, brandId);
  await modelTable.insert(ctx.db, clientId, { brand_id: brandId, model_name: name, model_price: price.toFixed(2) });
  return modelsOf(ctx, clientId, brandId);
}

export async function updateModel(ctx: AuthedContext, clientId: number, brandId: number, modelId: number, name: string, price: number) {
  await modelTable.update(ctx.db, clientId, modelId, { model_name: name, model_price: price.toFixed(2) }, { brand_id: brandId });
  return modelsOf(ctx, clientId, brandId);
}

export async function removeModel(ctx: AuthedContext, clientId: number, brandId: number, modelId: number) {
  await modelTable.remove(ctx.db, clientId, modelId, { brand_id: brandId });
  return modelsOf(ctx, clientId, brandId);
}
