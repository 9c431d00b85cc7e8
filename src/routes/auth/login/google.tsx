import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { z } from 'zod';
import { LoginCallback, type LoginDestination } from '../../../features/auth';

const searchSchema = z.object({
  code: z.string().min(1).optional().catch(undefined),
  state: z.string().optional().catch(undefined),
});

export const Route = createFileRoute('/auth/login/google')({
  validateSearch: searchSchema,
  staticData: { page: { headerHidden: true } },
  component: LoginGooglePage,
});

function LoginGooglePage() {
  const { code, state } = Route.useSearch();
  const navigate = useNavigate();
  const go = useCallback((to: LoginDestination) => void navigate({ to, replace: true }), [navigate]);
  return <LoginCallback code={code} state={state} onNavigate={go} />;
}
