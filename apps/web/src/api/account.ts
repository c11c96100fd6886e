/**
 * The account calls for the typed client (`call(account, 'login', …)`): the paths at run time (no zod: the sign-in
 * screen stays small), the inputs' types from the full declaration (a type-only import).
 */
import type { account as declared } from '@paco/domain/account';
import { ACCOUNT_PATHS } from '@paco/domain/account-paths';

export const account = { path: '', actions: ACCOUNT_PATHS } as unknown as typeof declared;
