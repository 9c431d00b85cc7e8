import { createFileRoute } from '@tanstack/react-router';
import { LoginScreen } from '../../features/auth';

export const Route = createFileRoute('/onboarding/')({
  staticData: { page: { headerHidden: true } },
  component: LoginScreen,
});
