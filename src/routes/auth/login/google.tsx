import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { LoginCallback, type LoginDestination } from '../../../features/auth';
import { text, type Search } from '../../../lib/search-params';

const readSearch = (search: Record<string, unknown>) => ({
  code: text(search.code, { min: 1 }),
  state: text(search.state),
});
const validateSearch = (search: Record<string, unknown>): Search<ReturnType<typeof readSearch>> => readSearch(search);

export const Route = createFileRoute('/auth/login/google')({
  validateSearch,
  staticData: { page: { headerHidden: true } },
  component: LoginGooglePage,
});

function LoginGooglePage() {
  const { code, state } = Route.useSearch();
  const navigate = useNavigate();
  const go = useCallback((to: LoginDestination) => void navigate({ to, replace: true }), [navigate]);
  return <LoginCallback code={code} state={state} onNavigate={go} />;
}
