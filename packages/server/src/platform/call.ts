import { Role, calls, downloads as contractDownloads, isDownloadPath, type CallOutput, type CallPath, type DownloadPath, type DownloadQuery } from '@portal/contract';
import { callDocs, downloadDocs, type DownloadDoc } from '@portal/contract/api-docs';
import type { z } from 'zod';
import type { AuthedContext, CallContext } from './context.js';
import type { Db, Tx } from './db.js';
import type { ReplicaMode } from './replica.js';

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

/**
 * What a call does to data. Every call declares it; the guard test cross-checks it with the verb of the path.
 * - `read`: changes nothing.
 * - `write`: changes a client's data. It names the client (`tenant`, with analysts only among the client's managers)
 *   or an object of one (`owner`); the registry refuses a write that says neither.
 * - `write-own`: changes only the caller's own account (profile, settings, column choices, notices seen, sign-in),
 *   or sends a request from a client user's own company; it names no client.
 * - `write-portal`: changes the provider's shared data (accounts, clients, news, infringement categories, sites):
 *   its roles guard it, and it admits no client user.
 */
export type Access = 'read' | 'write' | 'write-own' | 'write-portal';

/**
 * How a call that names an object (not a client) finds the client owning it. Resolved after the payload is
 * validated and before the handler: a client user of another company is told the object does not exist, an
 * analyst who does not manage the owner is refused with 403 (administrators pass), as the tenancy rule does.
 */
export interface OwnerRule {
  /** What the object is, for whoever reads the registry. */
  object: string;
  /** The owning client's id, or undefined when the object does not exist. */
  clientOf: (db: Db | Tx, input: Record<string, unknown>) => Promise<number | undefined>;
  /**
   * Which analysts may read such objects: 'any' (the default: an analyst who does not manage the owner may read it,
   * so a write is refused with 403) or 'managers' (the object is hidden from others, so they are told "not found",
   * exactly as for a missing id: a 403 would tell that the id exists).
   */
  readers?: 'any' | 'managers';
}

/** A multipart call: text fields are the payload, file parts named `file` (one unless `maxFiles`) each at most this large. */
export interface UploadRule {
  maxBytes: number;
  /** How many `file` parts one request may carry (default 1): more is refused whole. */
  maxFiles?: number;
  /** Spool the file to a temporary file instead of memory (large spreadsheets). */
  toDisk?: boolean;
}

type InputOf<P extends CallPath> = z.output<(typeof calls)[P]['input']>;
type ContextFor<R extends Roles> = R extends typeof PUBLIC ? CallContext : AuthedContext;

export interface CallDefinition<P extends CallPath, R extends Roles> {
  roles: R;
  access: Access;
  tenant?: TenantRule;
  owner?: OwnerRule;
  upload?: UploadRule;
  /** Default true: the handler runs in one transaction, all or nothing. Calls that must keep a failed
   *  attempt on record (sign-in counters) set false and open their own transactions. */
  transaction?: boolean;
  /** Refused to API keys (403): managing keys, the password, the profile and the session need a signed-in person. */
  sessionOnly?: boolean;
  /**
   * `read-your-writes`: the call may read on the standby (DATABASE_READ_URL) once it has the caller's own last
   * write (platform/replica.ts): big reads that a lag of a few seconds in others' changes does not hurt. Reads only.
   */
  replica?: ReplicaMode;
  handler: (ctx: ContextFor<R>, input: InputOf<P>) => Promise<CallOutput<P>>;
}

export interface RegisteredCall {
  path: CallPath;
  roles: Roles;
  access: Access;
  tenant: TenantRule | undefined;
  owner: OwnerRule | undefined;
  upload: UploadRule | undefined;
  transaction: boolean;
  sessionOnly: boolean;
  replica: ReplicaMode | undefined;
  input: z.ZodType;
  output: z.ZodType;
  /** What it does, for the API document: from the contract's callDocs (api-docs.ts), required at registration. */
  summary: string;
  description: string;
  handler: (ctx: CallContext, input: unknown) => Promise<unknown>;
}

export type CallRegistrar = <P extends CallPath, R extends Roles>(path: P, def: CallDefinition<P, R>) => void;

/** What a GET download answers: the bytes and how the browser should take them. */
export interface DownloadAnswer {
  contentType: string;
  body: Buffer | NodeJS.ReadableStream;
  /** Offered as an attachment under this name; without it the body is shown inline. */
  fileName?: string;
  /** How long the browser may keep it (default `private, no-cache`): pictures that rarely change. */
  cacheControl?: string;
}

/** A GET that reads (never changes) something: the token comes from the header or the session cookie. */
export interface DownloadDefinition<Q> {
  roles: number;
  /** The query parameter naming a client, checked by the same tenancy rule as calls (before the rest is read). */
  tenant?: TenantRule;
  /** As a call's: the download may read on the standby once it has the caller's own last write (exports). */
  replica?: ReplicaMode;
  /** Gets the query read with the contract's schema of the path (downloads.ts). */
  handler: (ctx: AuthedContext, query: Q) => Promise<DownloadAnswer>;
}
export type DownloadRegistrar = <P extends DownloadPath>(path: P, def: DownloadDefinition<DownloadQuery<P>>) => void;
/**
 * A download registered from a description serving several paths alike (the record engine's, per kind): typed by
 * the query schema it carries, which must be exactly the contract's for the path (checked when registered).
 */
export interface SchemaDownloadDefinition<Q> extends DownloadDefinition<Q> {
  query: z.ZodType<Q, unknown>;
}
export type SchemaDownloadRegistrar = <Q>(path: string, def: SchemaDownloadDefinition<Q>) => void;

export interface RegisteredDownload {
  path: DownloadPath;
  roles: number;
  tenant: TenantRule | undefined;
  replica: ReplicaMode | undefined;
  /** The contract's schema of the query string (text parameters read into typed values). */
  query: z.ZodType;
  /** What it does and what it answers, for the API document: from the contract's downloadDocs (api-docs.ts). */
  doc: DownloadDoc;
  handler: (ctx: AuthedContext, query: unknown) => Promise<DownloadAnswer>;
}

/**
 * A call registered from a description that serves several paths alike (the record engine registers every record
 * kind's calls this way): typed by the schemas the description carries, which must be exactly the contract's
 * schemas of the path (checked when it is registered), so the handler is typed by what the path really parses
 * and answers.
 */
export interface SchemaCallDefinition<I, O> {
  input: z.ZodType<I, unknown>;
  output: z.ZodType<O, unknown>;
  roles: number;
  access: Access;
  tenant?: TenantRule;
  upload?: UploadRule;
  transaction?: boolean;
  replica?: ReplicaMode;
  handler: (ctx: AuthedContext, input: I) => Promise<O>;
}
export type SchemaCallRegistrar = <I, O>(path: string, def: SchemaCallDefinition<I, O>) => void;

export const isCallPath = (path: string): path is CallPath => Object.hasOwn(calls, path);

/** Collects the calls of every area. The payload and answer schemas come from the contract, by path. */
export function createRegistry(): {
  call: CallRegistrar;
  schemaCall: SchemaCallRegistrar;
  download: DownloadRegistrar;
  schemaDownload: SchemaDownloadRegistrar;
  list: RegisteredCall[];
  downloads: RegisteredDownload[];
} {
  const list: RegisteredCall[] = [];
  const downloads: RegisteredDownload[] = [];
  const addDownload = (path: DownloadPath, def: DownloadDefinition<unknown>) => {
    if (downloads.some((d) => d.path === path)) throw new Error(`${path}: download registered twice`);
    if (def.roles <= 0 || def.roles > 7) throw new Error(`${path}: a download must declare the role bits it admits`);
    // Checked here too (downloadDocs is typed by DownloadPath): the API document, its linter and the client need them.
    const doc = Object.hasOwn(downloadDocs, path) ? downloadDocs[path] : undefined;
    if (!doc?.summary.trim() || !doc.description.trim() || !doc.answers.length) throw new Error(`${path}: a download must have a summary, a description and answers (contract api-docs.ts)`);
    const query = contractDownloads[path].query;
    if (def.tenant && !(def.tenant.field in query.shape)) throw new Error(`${path}: the tenant's query parameter ${def.tenant.field} is not in the contract's query`);
    if (def.replica !== undefined && def.replica !== 'read-your-writes') throw new Error(`${path}: unknown replica mode`);
    downloads.push({ path, roles: def.roles, tenant: def.tenant, replica: def.replica, query, doc, handler: def.handler });
  };
  const download: DownloadRegistrar = (path, def) => addDownload(path, { ...def, handler: def.handler as RegisteredDownload['handler'] });
  const schemaDownload: SchemaDownloadRegistrar = (path, def) => {
    if (!isDownloadPath(path)) throw new Error(`${path}: not a download of the contract`);
    if ((contractDownloads[path].query as z.ZodType) !== def.query) throw new Error(`${path}: registered with a query schema that is not the contract's for it`);
    addDownload(path, { ...def, handler: def.handler as RegisteredDownload['handler'] });
  };
  type Declared = Pick<RegisteredCall, 'roles' | 'access' | 'handler'> & { tenant?: TenantRule | undefined; owner?: OwnerRule | undefined; upload?: UploadRule | undefined; transaction?: boolean | undefined; sessionOnly?: boolean | undefined; replica?: ReplicaMode | undefined };
  const add = (path: CallPath, def: Declared) => {
    if (def.roles !== PUBLIC && (typeof def.roles !== 'number' || def.roles <= 0 || def.roles > 7)) {
      throw new Error(`${path}: a call must declare the role bits it admits`);
    }
    if (list.some((c) => c.path === path)) throw new Error(`${path}: registered twice`);
    checkAccess(path, def);
    // Checked here too (callDocs is typed by CallPath): the API document, its linter and the client need both.
    const doc = Object.hasOwn(callDocs, path) ? callDocs[path] : undefined;
    if (!doc?.summary.trim() || !doc.description.trim()) throw new Error(`${path}: a call must have a summary and a description (contract api-docs.ts)`);
    list.push({
      path,
      roles: def.roles,
      access: def.access,
      tenant: def.tenant,
      owner: def.owner,
      upload: def.upload,
      transaction: def.transaction ?? true,
      sessionOnly: def.sessionOnly ?? false,
      replica: def.replica,
      input: calls[path].input,
      output: calls[path].output,
      summary: doc.summary,
      description: doc.description,
      handler: def.handler,
    });
  };
  const call: CallRegistrar = (path, def) => add(path, { ...def, handler: def.handler as RegisteredCall['handler'] });
  const schemaCall: SchemaCallRegistrar = (path, def) => {
    if (!isCallPath(path)) throw new Error(`${path}: not a call of the contract`);
    if (calls[path].input !== def.input || calls[path].output !== def.output) throw new Error(`${path}: registered with schemas that are not the contract's for it`);
    add(path, { ...def, handler: def.handler as RegisteredCall['handler'] });
  };
  return { call, schemaCall, download, schemaDownload, list, downloads };
}

/** The declarations that must agree with each other, refused at start so a new call cannot skip the manager rule. */
function checkAccess(path: string, def: { roles: Roles; access: Access; tenant?: TenantRule; owner?: OwnerRule; replica?: ReplicaMode | undefined }): void {
  if (!['read', 'write', 'write-own', 'write-portal'].includes(def.access)) throw new Error(`${path}: a call must declare its access`);
  // A write on the standby would fail (read only), and its caller's next reads must see it: the primary's alone.
  if (def.replica !== undefined && def.access !== 'read') throw new Error(`${path}: only a read may read on the standby (replica)`);
  if (def.replica !== undefined && def.replica !== 'read-your-writes') throw new Error(`${path}: unknown replica mode`);
  if (def.access === 'write') {
    if (!def.tenant && !def.owner) throw new Error(`${path}: a write on a client's data must name the client (tenant) or its object (owner)`);
    if (def.tenant?.analysts === 'any') throw new Error(`${path}: a write on a client's data is for the client's managers`);
    return;
  }
  if (def.owner) throw new Error(`${path}: only a write on a client's data resolves an owner`);
  if (def.access === 'write-portal' && (def.roles === PUBLIC || (def.roles & Role.CLIENT) !== 0)) {
    throw new Error(`${path}: a write on the portal's shared data admits no client user`);
  }
  if (def.access !== 'read' && def.tenant) throw new Error(`${path}: a write naming a client is a write on its data`);
}
