import { createFileRoute, redirect } from '@tanstack/react-router';
import { text, type Search } from '../../../lib/search-params';

const readSearch = (search: Record<string, unknown>) => ({
  code: text(search.code),
  state: text(search.state),
});
const validateSearch = (search: Record<string, unknown>): Search<ReturnType<typeof readSearch>> => readSearch(search);

/**
 * The IdP's redirect target. The server answers it with a 302 to /auth/login/google; this route
 * only runs when a cached app shell (service worker) served the path instead.
 */
export const Route = createFileRoute('/auth/callback/google')({
  validateSearch,
  staticData: { page: { headerHidden: true } },
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/auth/login/google', search, replace: true });
  },
});
