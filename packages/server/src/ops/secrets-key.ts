import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../platform/config.js';
import type { Manifest } from './backup-file.js';

/**
 * Site account passwords, cookies and headers are sealed with SECRETS_KEY or DATA_DIR/secrets.key; a database
 * restored without that key keeps every row but cannot open those secrets. The rule:
 * - SECRETS_KEY set: the key lives in the operator's secret store; the backup records only its fingerprint.
 * - the generated DATA_DIR/secrets.key: the backup carries it (unless left out with --without-key), with a
 *   warning that the backup file must then be kept like a secret. A restore puts it back in DATA_DIR.
 */
export const fingerprint = (keyBase64: string) => createHash('sha256').update(Buffer.from(keyBase64.trim(), 'base64')).digest('hex').slice(0, 16);

const keyFile = (config: Config) => path.join(config.dataDir, 'secrets.key');

export function keyForBackup(config: Config, include: boolean): { secrets: Manifest['secrets']; notes: string[] } {
  if (config.secretsKey) {
    const print = fingerprint(config.secretsKey);
    return {
      secrets: { source: 'env', fingerprint: print, key: null },
      notes: [`The backup does not contain SECRETS_KEY (fingerprint ${print}); a restore needs the same key to open sealed site secrets.`],
    };
  }
  if (!fs.existsSync(keyFile(config))) return { secrets: { source: 'none', fingerprint: null, key: null }, notes: [] };
  const key = fs.readFileSync(keyFile(config), 'utf8').trim();
  const print = fingerprint(key);
  if (!include) {
    return {
      secrets: { source: 'file', fingerprint: print, key: null },
      notes: [`${keyFile(config)} was left out (fingerprint ${print}); keep a copy of it: without it the sealed site secrets of this backup cannot be opened.`],
    };
  }
  return {
    secrets: { source: 'file', fingerprint: print, key },
    notes: [`WARNING: the backup contains ${keyFile(config)}, which opens the sealed site secrets: store the backup file as you store secrets.`],
  };
}

/** Puts the backup's key back (an existing different key file is kept beside it) and says whether secrets will open. */
export function restoreKey(config: Config, secrets: Manifest['secrets']): string[] {
  const file = keyFile(config);
  const notes: string[] = [];
  if (secrets.key) {
    const existing = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : null;
    if (existing !== null && fingerprint(existing) !== secrets.fingerprint) {
      const aside = `${file}.replaced-${Date.now()}`;
      fs.renameSync(file, aside);
      notes.push(`The previous ${file} was moved to ${aside}.`);
    }
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, secrets.key, { mode: 0o600 });
    notes.push(`Restored the secrets key to ${file}.`);
  }
  if (secrets.fingerprint === null) return notes;
  const current = config.secretsKey ?? (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null);
  if (current === null || fingerprint(current) !== secrets.fingerprint) {
    const which = config.secretsKey ? 'SECRETS_KEY is not' : `there is no ${file} with`;
    notes.push(`WARNING: ${which} the key the backup's site secrets were sealed with (fingerprint ${secrets.fingerprint}); they cannot be opened until the portal runs with it.`);
  }
  return notes;
}
