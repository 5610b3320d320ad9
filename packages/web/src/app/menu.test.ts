import { describe, expect, it } from 'vitest';
import { Role } from '@portal/contract/shell';
import { menuFor, menuSelection } from './menu';

describe('the side menu', () => {
  const analyst = menuFor(Role.ANALYST, (key) => key);
  const client = menuFor(Role.CLIENT, (key) => key);

  it('lights the entry of the page shown and names its group', () => {
    expect(menuSelection(analyst, '/home')).toEqual({ selected: '/home', group: undefined });
    expect(menuSelection(analyst, '/ec-list')).toEqual({ selected: '/ec-list', group: 'online' });
    expect(menuSelection(analyst, '/manage/client')).toEqual({ selected: '/manage/client', group: 'settings' });
  });

  it('lights a list for its detail pages, and the longest matching entry when entries nest', () => {
    expect(menuSelection(analyst, '/manage/client/12')).toEqual({ selected: '/manage/client', group: 'settings' });
    expect(menuSelection(client, '/trademark/registration')).toEqual({ selected: '/trademark/registration', group: 'legal' });
    expect(menuSelection(client, '/trademark/7')).toEqual({ selected: '/trademark', group: 'legal' });
  });

  it('lights nothing for an address outside the menu, nor for a path that merely starts like an entry', () => {
    expect(menuSelection(analyst, '/no-such-page')).toEqual({});
    expect(menuSelection(analyst, '/newsletter')).toEqual({});
  });
});
