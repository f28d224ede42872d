import { emailOnly, loginRequest } from '../../contract/auth';
import { contractRules } from './contractRules';

/**
 * The log-in and forgot-password rules, in their own chunk: /login's first load carries only the
 * form, and the rules (zod/mini) arrive when the user first types or submits.
 */
export const loginRules = contractRules<{ email: string; password: string }>(loginRequest);
export const emailRules = contractRules<{ email: string }>(emailOnly);
