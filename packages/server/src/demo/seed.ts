import fs from 'node:fs';
import { seedServiceRequests } from './service-requests.js';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Role } from '@portal/contract';
import type { Services } from '../platform/context.js';
import { newApiKey } from '../platform/api-keys.js';
import { hashPassword } from '../platform/passwords.js';
import { storeImage } from '../platform/files.js';
import { seedEvidence } from './evidence.js';
import { seedTakedown } from './takedown.js';
import { seedPictures } from './pictures.js';
import { seedRechecks } from './rechecks.js';
import { seedPriceHistory } from './prices.js';
import { demoClients, demoInfringementCategories, demoMasterData, demoNews, demoNotices, demoSites, demoTrademarks, demoUsers } from './data.js';
import { demoLogo, sakuraMark } from './image.js';
import { seedEcRecords } from './ec-records.js';
import { seedSnsRecords } from './sns-records.js';
import { seedSellerNetworks } from './seller-networks.js';
import { seedTriage } from './triage.js';
import { seedWsRecords } from './ws-records.js';
import { seedDomainWatch } from './domain-watch.js';

export interface DemoAccount {
  role: string;
  mail: string;
  password: string;
}

/**
 * Demo data for a newcomer: staff and client accounts, a few clients with contracts, notices.
 * Passwords are generated on first seeding (never kept in the repository) and kept in DATA_DIR so that
 * every start can print them again.
 */
export async function seedDemo(services: Services): Promise<DemoAccount[]> {
  const file = path.join(services.config.dataDir, 'demo-accounts.json');
  const seeded = await services.db.selectFrom('users').select('user_id').where('user_mail', '=', demoUsers[0]!.mail).executeTakeFirst();
  if (seeded) return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as DemoAccount[]) : [];

  const accounts: DemoAccount[] = demoUsers.map((u) => ({ role: u.label, mail: u.mail, password: demoPassword() }));
  const hashes = await Promise.all(accounts.map((a) => hashPassword(a.password)));
  await services.db.transaction().execute(async (trx) => {
    const clientIds: number[] = [];
    for (const c of demoClients(services.clock())) {
      const { client_id } = await trx.insertInto('client').values(c.client).returning('client_id').executeTakeFirstOrThrow();
      clientIds.push(client_id);
      if (c.contracts.length > 0) await trx.insertInto('client_contract').values(c.contracts.map((k) => ({ ...k, client_id }))).execute();
    }
    const userIds: number[] = [];
    for (const [i, u] of demoUsers.entries()) {
      const { user_id } = await trx
        .insertInto('users')
        .values({
          user_name: u.name,
          user_mail: u.mail,
          password_hash: hashes[i]!,
          user_role: u.role,
          user_tel: u.tel,
          user_department: u.department,
          user_locale: u.locale,
          client_id: u.clientIndex === undefined ? null : clientIds[u.clientIndex]!,
        })
        .returning('user_id')
        .executeTakeFirstOrThrow();
      userIds.push(user_id);
    }
    const analysts = demoUsers.flatMap((u, i) => (u.role & Role.ANALYST ? [userIds[i]!] : []));
    await trx
      .insertInto('client_manager')
      .values(clientIds.flatMap((client_id, ci) => analysts.filter((_, ai) => ci === 0 || ai === 0).map((user_id) => ({ client_id, user_id }))))
      .execute();
    const master = demoMasterData(services.clock());
    const client_id = clientIds[0]!;
    for (const b of master.brands) {
      const { brand_id } = await trx.insertInto('brand').values({ client_id, brand_name: b.name }).returning('brand_id').executeTakeFirstOrThrow();
      await trx.insertInto('brand_keyword').values(b.keywords.map((keyword_name) => ({ client_id, brand_id, keyword_name }))).execute();
      await trx.insertInto('brand_model').values(b.models.map((m) => ({ client_id, brand_id, model_name: m.name, model_price: m.price }))).execute();
    }
    await trx.insertInto('product_category').values(master.categories.map((c) => ({ ...c, client_id }))).execute();
    await trx.insertInto('custom_column').values(master.columns.map((c) => ({ ...c, client_id }))).execute();
    await trx.insertInto('special_url').values(master.urls.map((u) => ({ ...u, client_id }))).execute();
    await trx.insertInto('special_word').values(master.words.map((w) => ({ ...w, client_id }))).execute();
    await trx.insertInto('attorney_letter').values(master.letters.map((l) => ({ ...l, client_id }))).execute();
    await trx
      .insertInto('client_setting')
      .values({ client_id, trademark_regions: master.countries, impact_price_type: 1, impact_count_type: 2, impact_percent: '30.00' })
      .execute();

    await trx.insertInto('news').values(demoNews(services.clock())).execute();
    await trx
      .insertInto('test_purchase')
      .values([
        { client_id: clientIds[0]!, region: 'CN', site: 'Taobao', count: 3 },
        { client_id: clientIds[0]!, region: 'US', site: 'Amazon', count: 2 },
        { client_id: clientIds[0]!, region: 'CN', site: 'AliExpress', count: 2 },
        { client_id: clientIds[0]!, region: 'JP', site: 'Rakuten', count: 1 },
        { client_id: clientIds[1]!, region: 'JP', site: 'Rakuten', count: 1 },
      ])
      .execute();
    const categoryIds: number[] = [];
    for (const { subs, ...main } of demoInfringementCategories) {
      const { id } = await trx.insertInto('infringement_category').values(main).returning('id').executeTakeFirstOrThrow();
      categoryIds.push(id);
      await trx.insertInto('infringement_subcategory').values(subs.map((s) => ({ ...s, category_id: id }))).execute();
    }
    // Marketplace sites with crawler accounts; the accounts' secrets are sealed like any other.
    for (const site of demoSites) {
      const { accounts, ...fields } = site;
      const { id } = await trx.insertInto('ec_site').values({ ...fields, category_id: categoryIds[0]! }).returning('id').executeTakeFirstOrThrow();
      if (accounts.length === 0) continue;
      await trx
        .insertInto('ec_site_account')
        .values(
          accounts.map((a) => ({
            site_id: id,
            account: a.account,
            password_sealed: services.secrets.seal(randomBytes(9).toString('base64url')),
            phone: a.phone,
            freeze_seconds: a.freeze_seconds,
            remarks: a.remarks,
          })),
        )
        .execute();
    }

    // Trademarks, some with a logo; one expires within 90 days with the reminder on.
    const now = services.clock();
    const owner = userIds[demoUsers.findIndex((u) => u.role === Role.CLIENT)]!;
    for (const [i, { clientIndex, logo, ...mark }] of demoTrademarks(now).entries()) {
      const client_id = clientIds[clientIndex]!;
      // The first is Sakura's design mark (image.ts), which a demo listing picture shows; the others a plain disc.
      const bytes = i === 0 ? await sakuraMark() : logo ? demoLogo(logo) : null;
      const image = bytes ? await storeImage(trx, { kind: 'tm', clientId: client_id, type: 'png', originalName: 'logo.png', bytes, userId: owner, now, attached: true }) : null;
      await trx.insertInto('trademark').values({ ...mark, client_id, image, created_at: now, updated_at: now }).execute();
    }

    await seedEcRecords(trx, clientIds[0]!, userIds[demoUsers.findIndex((u) => u.role === Role.ANALYST)]!, now);
    // The website and social media reports are the Japanese analyst's, named in Japanese.
    await seedWsRecords(trx, clientIds[0]!, userIds[demoUsers.findIndex((u) => u.role === Role.ANALYST && u.locale === 'ja')]!, now);
    await seedSnsRecords(trx, clientIds[0]!, userIds[demoUsers.findIndex((u) => u.role === Role.ANALYST && u.locale === 'ja')]!, now);
    // After the website report: the watch's promoted look-alike is one of its records.
    await seedDomainWatch(trx, clientIds[0]!, userIds[demoUsers.findIndex((u) => u.role === Role.ANALYST)]!, now);
    await seedEvidence(trx, clientIds[0]!, userIds[demoUsers.findIndex((u) => u.role === Role.ANALYST)]!, now);
    await seedTakedown(services, trx, clientIds[0]!, userIds[demoUsers.findIndex((u) => u.role === Role.ANALYST)]!, now);
    await seedPictures(trx, clientIds[0]!, userIds[demoUsers.findIndex((u) => u.role === Role.ANALYST)]!, now);
    await seedRechecks(trx, clientIds[0]!, userIds[demoUsers.findIndex((u) => u.role === Role.ANALYST)]!, now);
    await seedSellerNetworks(trx, clientIds[0]!, now);
    // After the signals: rules on seller networks and abnormal prices see them.
    await seedTriage(trx, clientIds[0]!, userIds[demoUsers.findIndex((u) => u.role === Role.ANALYST)]!, now);
    await seedPriceHistory(trx, clientIds[0]!, userIds[demoUsers.findIndex((u) => u.role === Role.ANALYST)]!, now);

    const jaUser = userIds[demoUsers.findIndex((u) => u.role === Role.CLIENT && u.clientIndex === 0 && u.locale === 'ja')]!;
    await seedServiceRequests(trx, clientIds[0]!, { clientUser: owner, jaUser }, userIds[demoUsers.findIndex((u) => u.role === Role.ANALYST)]!, now);

    const clientUsers = demoUsers.flatMap((u, i) => (u.role === Role.CLIENT ? [{ user_id: userIds[i]!, locale: u.locale }] : []));
    await trx
      .insertInto('notice')
      .values(clientUsers.flatMap(({ user_id, locale }) => demoNotices(services.clock(), locale).map((n) => ({ ...n, user_id }))))
      .execute();

    // API keys on the client users' profiles, named in each user's language: one in use, one expired. Their
    // secrets are thrown away (a secret is shown once, to whoever creates the key).
    const hours = (h: number) => new Date(now.getTime() + h * 3600_000);
    const keyNames = { en: ['Nightly export', 'Old import script'], ja: ['夜間エクスポート', '旧取り込みスクリプト'] };
    await trx
      .insertInto('api_key')
      .values(
        demoUsers.flatMap((u, i) => {
          if (u.role !== Role.CLIENT) return [];
          const [used, old] = keyNames[u.locale];
          return [
            { key_hash: newApiKey().hash, user_id: userIds[i]!, name: used!, created_at: hours(-24 * 30), expires_at: hours(24 * 90), last_used_at: hours(-2) },
            { key_hash: newApiKey().hash, user_id: userIds[i]!, name: old!, created_at: hours(-24 * 120), expires_at: hours(-24 * 10), last_used_at: hours(-24 * 11) },
          ];
        }),
      )
      .execute();
  });
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(accounts, null, 2), { mode: 0o600 });
  return accounts;
}

function demoPassword(): string {
  // Meets both password rules: letters of both cases, a digit and a symbol.
  return `Demo-${randomBytes(6).toString('base64url').replace(/[-_]/g, 'x')}7a`;
}
