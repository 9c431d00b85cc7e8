import { ERROR_CODES } from '../../../contract/envelope-values';

export const NETWORK_ERROR_CODE = 'NETWORK';
const NETWORK_MESSAGE = '네트워크 연결을 확인해 주세요.';

/** A failed API call: the envelope's code and Korean message, the HTTP status, field errors. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: string;
  readonly status: number;
  readonly fieldErrors: Record<string, string>;

  constructor(code: string, status: number, message: string, fieldErrors: Record<string, string> = {}) {
    super(message);
    this.code = code;
    this.status = status;
    this.fieldErrors = fieldErrors;
  }

  static network(cause?: unknown): ApiError {
    const error = new ApiError(NETWORK_ERROR_CODE, 0, NETWORK_MESSAGE);
    if (cause !== undefined) error.cause = cause;
    return error;
  }

  /** Fallback when the body is not an envelope (a proxy error page, an empty body). */
  static fromStatus(status: number): ApiError {
    if (status === 401) return new ApiError('JWT_401', status, ERROR_CODES.JWT_401.message);
    if (status === 404) return new ApiError('COMMON404', status, ERROR_CODES.COMMON404.message);
    if (status === 429) return new ApiError('COMMON429', status, ERROR_CODES.COMMON429.message);
    if (status >= 400 && status < 500) return new ApiError('COMMON400', status, ERROR_CODES.COMMON400.message);
    return new ApiError('COMMON500', status, ERROR_CODES.COMMON500.message);
  }

  /** True when retrying cannot help (the request itself was refused). */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

/**
 * What a student is told of a failed call: the first field's message ("약속은 14일 이내로만 …" says
 * more than the envelope's), else the envelope's, else `fallback` for what is not an ApiError.
 */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return Object.values(error.fieldErrors)[0] ?? error.message;
  return fallback;
}
