import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';

const searchSchema = z.object({
  code: z.string().optional().catch(undefined),
  state: z.string().optional().catch(undefined),
});

/**
 * The IdP's redirect target. The server answers it with a 302 to /auth/login/google; this route
 * only runs when a cached app shell (service worker) served the path instead.
 */
export const Route = createFileRoute('/auth/callback/google')({
  validateSearch: searchSchema,
  staticData: { page: { headerHidden: true } },
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/auth/login/google', search, replace: true });
  },
});
