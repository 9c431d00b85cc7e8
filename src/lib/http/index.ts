export { ApiError, errorText, NETWORK_ERROR_CODE } from './api-error';
export { apiFetch, apiJson, apiText, errorFromResponse, unwrap } from './client';
