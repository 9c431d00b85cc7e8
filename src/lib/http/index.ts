export { ApiError, NETWORK_ERROR_CODE } from './api-error';
export { apiFetch, apiJson, apiText, errorFromResponse, http, unwrap, type RequestOptions } from './client';
