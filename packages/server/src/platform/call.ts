import { calls, type CallOutput, type CallPath } from '@portal/contract';
import type { z } from 'zod';
import type { AuthedContext, CallContext } from './context.js';

/** Calls anyone may make without a token (sign-in itself). Everything else names the role bits it admits. */
export const PUBLIC = 'public';
export type Roles = number | typeof PUBLIC;

/**
 * Which field of the payload names a client company, and who may act on it:
 * a client user only on their own company; administrators on any; analysts on any, or only where they are
 * among the client's managers.
 */
export interface TenantRule {
  field: string;
  analysts: 'any' | 'managers';
  /** Staff may leave the field out (meaning every client); a client user who leaves it out gets their own company. */
  optional?: boolean;
}

/** A multipart call: text fields are the payload, one file part named `file` at most this large. */
export interface UploadRule {
  maxBytes: number;
  /** Spool the file to a temporary file instead of memory (large spreadsheets). */
  toDisk?: boolean;
}

type InputOf<P extends CallPath> = z.output<(typeof calls)[P]['input']>;
type ContextFor<R extends Roles> = R extends typeof PUBLIC ? CallContext : AuthedContext;

export interface CallDefinition<P extends CallPath, R extends Roles> {
  roles: R;
  tenant?: TenantRule;
  upload?: UploadRule;
  /** Default true: the handler runs in one transaction, all or nothing. Calls that must keep a failed
   *  attempt on record (sign-in counters) set false and open their own transactions. */
  transaction?: boolean;
  handler: (ctx: ContextFor<R>, input: InputOf<P>) => Promise<CallOutput<P>>;
}

export interface RegisteredCall {
  path: CallPath;
  roles: Roles;
  tenant: TenantRule | undefined;
  upload: UploadRule | undefined;
  transaction: boolean;
  input: z.ZodType;
  output: z.ZodType;
  handler: (ctx: CallContext, input: unknown) => Promise<unknown>;
}

export type CallRegistrar = <P extends CallPath, R extends Roles>(path: P, def: CallDefinition<P, R>) => void;

/** What a GET download answers: the bytes and how the browser should take them. */
export interface DownloadAnswer {
  contentType: string;
  body: Buffer | NodeJS.ReadableStream;
  /** Offered as an attachment under this name; without it the body is shown inline. */
  fileName?: string;
}

/** A GET that reads (never changes) something: the token comes from the header or the session cookie. */
export interface RegisteredDownload {
  path: string;
  roles: number;
  /** The query parameter naming a client, checked by the same tenancy rule as calls (before the handler runs). */
  tenant?: TenantRule;
  handler: (ctx: AuthedContext, query: Record<string, string>) => Promise<DownloadAnswer>;
}
export type DownloadRegistrar = (path: string, def: Omit<RegisteredDownload, 'path'>) => void;

/** Collects the calls of every area. The payload and answer schemas come from the contract, by path. */
export function createRegistry(): { call: CallRegistrar; download: DownloadRegistrar; list: RegisteredCall[]; downloads: RegisteredDownload[] } {
  const list: RegisteredCall[] = [];
  const downloads: RegisteredDownload[] = [];
  const download: DownloadRegistrar = (path, def) => {
    if (!path.startsWith('/api/') || downloads.some((d) => d.path === path)) throw new Error(`${path}: bad or repeated download path`);
    if (def.roles <= 0 || def.roles > 7) throw new Error(`${path}: a download must declare the role bits it admits`);
    downloads.push({ path, ...def });
  };
  const call: CallRegistrar = (path, def) => {
    if (def.roles !== PUBLIC && (typeof def.roles !== 'number' || def.roles <= 0 || def.roles > 7)) {
      throw new Error(`${path}: a call must declare the role bits it admits`);
    }
    if (list.some((c) => c.path === path)) throw new Error(`${path}: registered twice`);
    list.push({
      path,
      roles: def.roles,
      tenant: def.tenant,
      upload: def.upload,
      transaction: def.transaction ?? true,
      input: calls[path].input,
      output: calls[path].output,
      handler: def.handler as RegisteredCall['handler'],
    });
  };
  return { call, download, list, downloads };
}
