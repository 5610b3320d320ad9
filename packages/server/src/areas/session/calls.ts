import { ALL_ROLES } from '@portal/contract';
import { PUBLIC, type CallRegistrar } from '../../platform/call.js';
import * as session from './service.js';

/** Section 7 "Session and profile". Sign-in calls keep failed tries on record, so they manage their own transactions. */
export function registerSessionCalls(call: CallRegistrar): void {
  call('/api/requestcode', { roles: PUBLIC, access: 'write-own', handler: (ctx, input) => session.requestCode(ctx, input.mail) });
  call('/api/login', { roles: PUBLIC, access: 'write-own', transaction: false, handler: (ctx, input) => session.login(ctx, input) });
  call('/api/signup', { roles: PUBLIC, access: 'write-own', transaction: false, handler: (ctx, input) => session.signup(ctx, input) });
  call('/api/resetpassword', { roles: PUBLIC, access: 'write-own', transaction: false, handler: (ctx, input) => session.forgotPassword(ctx, input) });
  call('/api/logout', { roles: ALL_ROLES, access: 'write-own', sessionOnly: true, handler: (ctx) => session.logout(ctx) });
  call('/api/user/userinfo', { roles: ALL_ROLES, access: 'read', transaction: false, handler: async (ctx) => ({ user: await session.userInfo(ctx) }) });
  call('/api/user/update-settings', { roles: ALL_ROLES, access: 'write-own', sessionOnly: true, handler: (ctx, input) => session.updateSettings(ctx, input.locale) });
  call('/api/user/update-userinfo', { roles: ALL_ROLES, access: 'write-own', sessionOnly: true, handler: (ctx, input) => session.updateUserInfo(ctx, input) });
  call('/api/user/reset-password', { roles: ALL_ROLES, access: 'write-own', sessionOnly: true, transaction: false, handler: (ctx, input) => session.changePassword(ctx, input) });
}
