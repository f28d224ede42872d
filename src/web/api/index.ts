import { authApi } from './auth';
import { createApiClient, type ApiHooks } from './client';

/** Every API area, one module each, sharing one client. */
export function createApi(baseURL: string, hooks: ApiHooks) {
  const call = createApiClient(baseURL, hooks);
  return { auth: authApi(call) };
}
export type Api = ReturnType<typeof createApi>;
export { ApiError } from './client';
