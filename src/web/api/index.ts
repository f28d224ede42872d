import { authApi } from './auth';
import { createApiClient, type ApiHooks } from './client';
import { goalsApi } from './goals';
import { subscriptionApi } from './subscription';

/** Every API area, one module each, sharing one client. */
export function createApi(baseURL: string, hooks: ApiHooks) {
  const call = createApiClient(baseURL, hooks);
  return {
    auth: authApi(call),
    goals: goalsApi(call),
    subscription: subscriptionApi(call),
  };
}
export type Api = ReturnType<typeof createApi>;
export { ApiError } from './client';
