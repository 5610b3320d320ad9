/** Role bits of section 6: a user may hold several (an analyst who is also an administrator is 6). */
export const Role = {
  CLIENT: 1,
  ANALYST: 2,
  ADMIN: 4,
} as const;

export const ALL_ROLES = Role.CLIENT | Role.ANALYST | Role.ADMIN;
export const STAFF_ROLES = Role.ANALYST | Role.ADMIN;

/** True when the user's mask overlaps the wanted mask (the spec's rule for menus and routes). */
export function hasRole(userRole: number, wanted: number): boolean {
  return (userRole & wanted) !== 0;
}

export const LOCALES = ['en', 'ja'] as const;
export type Locale = (typeof LOCALES)[number];
