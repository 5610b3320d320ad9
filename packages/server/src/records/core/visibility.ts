import { Role, hasRole } from '@portal/contract';
import type { AuthedContext } from '../../platform/context.js';

/**
 * Who sees which records: analysts every record, client users their published ones. The SQL predicates that
 * apply it (and how a kind's fields are named in SQL) are in visibility-queries.ts.
 */

/** Analysts (and analyst-administrators) see and categorize every record; client users see their published ones. */
export const isAnalyst = (ctx: AuthedContext) => hasRole(ctx.user.role, Role.ANALYST);
