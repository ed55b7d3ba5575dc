import type { ResponseCheck } from './client.js';
import { ENDPOINTS } from './endpoints.js';

/** The answer check for `createApiClient({ checkResponse })`: the endpoint's response schema, as the API uses it. */
export const checkEndpointResponse: ResponseCheck = (name, data) => ENDPOINTS[name].response.safeParse(data);
