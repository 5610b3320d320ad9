import type { z } from 'zod';
import * as accounts from './accounts.js';
import * as clients from './clients.js';
import * as session from './session.js';

/**
 * The registry of calls that both sides share: the path, its payload and its answer.
 * The server registers a handler for each path with these schemas; the browser's call helper is typed by them,
 * so a payload the server would refuse does not type-check in the browser either.
 */
export const calls = {
  '/api/requestcode': { input: session.requestCodeInput, output: session.requestCodeOutput },
  '/api/login': { input: session.loginInput, output: session.loginOutput },
  '/api/signup': { input: session.signupInput, output: session.signupOutput },
  '/api/resetpassword': { input: session.resetPasswordInput, output: session.resetPasswordOutput },
  '/api/logout': { input: session.logoutInput, output: session.logoutOutput },
  '/api/user/userinfo': { input: session.userInfoInput, output: session.userInfoOutput },
  '/api/user/update-settings': { input: session.updateSettingsInput, output: session.updateSettingsOutput },
  '/api/user/update-userinfo': { input: session.updateUserInfoInput, output: session.updateUserInfoOutput },
  '/api/user/reset-password': { input: session.changePasswordInput, output: session.changePasswordOutput },
  '/api/notication/unviewed-notice-count': {
    input: session.unviewedNoticeCountInput,
    output: session.unviewedNoticeCountOutput,
  },
  '/api/admin/search-users': { input: accounts.searchUsersInput, output: accounts.searchUsersOutput },
  '/api/admin/get-user': { input: accounts.getUserInput, output: accounts.getUserOutput },
  '/api/admin/create-user': { input: accounts.createUserInput, output: accounts.createUserOutput },
  '/api/admin/update-user': { input: accounts.updateUserInput, output: accounts.updateUserOutput },
  '/api/admin/remove-user': { input: accounts.removeUserInput, output: accounts.removeUserOutput },
  '/api/admin/restore-user': { input: accounts.restoreUserInput, output: accounts.restoreUserOutput },
  '/api/analyst/fetch-clients': { input: clients.fetchClientsInput, output: clients.fetchClientsOutput },
  '/api/admin/search-clients': { input: clients.searchClientsInput, output: clients.searchClientsOutput },
  '/api/admin/get-client': { input: clients.getClientInput, output: clients.clientOutput },
  '/api/admin/create-client': { input: clients.createClientInput, output: clients.clientOutput },
  '/api/admin/update-client': { input: clients.updateClientInput, output: clients.clientOutput },
  '/api/admin/remove-client': { input: clients.removeClientInput, output: clients.removeClientOutput },
  '/api/admin/restore-client': { input: clients.removeClientInput, output: clients.clientOutput },
} as const;

export type CallPath = keyof typeof calls;
export type CallInput<P extends CallPath> = z.input<(typeof calls)[P]['input']>;
export type CallOutput<P extends CallPath> = z.output<(typeof calls)[P]['output']>;
