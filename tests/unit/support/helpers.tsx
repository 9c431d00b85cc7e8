import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';

/** Envelope as the server sends it (contract section 1). */
export function ok<T>(result?: T) {
  return { isSuccess: true, code: 'COMMON200', message: '성공입니다.', ...(result === undefined ? {} : { result }) };
}

export function fail(code: string, message: string, result?: unknown) {
  return { isSuccess: false, code, message, ...(result === undefined ? {} : { result }) };
}

/** An unsigned JWT with the given expiry (the client never verifies signatures). */
export function makeJwt(expiresInSeconds: number, sub = '1'): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub, email: 'a@catholic.ac.kr', type: 'access', exp })}.sig`;
}

export function renderWithQuery(ui: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return { queryClient, ...render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>) };
}
