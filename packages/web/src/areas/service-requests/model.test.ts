import { describe, expect, it } from 'vitest';
import { ALL_ROLES, Role, SERVICE_REQUEST_TYPES } from '@portal/contract';
import { menuFor, type MenuItem } from '../../app/menu';
import { findRoute } from '../../app/routeTable';
import { ROUTE_TYPES } from './model';

const leaves = (items: MenuItem[]): string[] => items.flatMap((i) => (i.children ? leaves(i.children) : [i.key]));

describe('service menu entries', () => {
  it('every menu entry of every role opens a page of the route table (none falls to the "contact sales" page)', () => {
    for (const role of [Role.CLIENT, Role.ANALYST, Role.ADMIN, Role.ANALYST | Role.ADMIN]) {
      const pages = leaves(menuFor(role, (k) => k));
      expect(pages.length, `role ${role}`).toBeGreaterThan(5);
      expect(pages.filter((p) => !findRoute(p)), `role ${role}`).toEqual([]);
    }
  });

  it('the eleven service routes are in the route table; each type has its own list', () => {
    expect(Object.keys(ROUTE_TYPES)).toHaveLength(11);
    for (const path of Object.keys(ROUTE_TYPES)) expect(findRoute(path)?.roles ?? 0, path).toBeGreaterThan(0);
    expect(findRoute('/case-management')?.roles).toBe(ALL_ROLES);
    const listed = new Set(Object.values(ROUTE_TYPES).filter(Boolean));
    expect(SERVICE_REQUEST_TYPES.filter((t) => !listed.has(t))).toEqual(['case']);
  });
});
