import { createFileRoute } from '@tanstack/react-router';
import { AdminConsole, type AdminTab } from '../features/admin';
import { MentorArticle } from '../features/mentor';
import { oneOf } from '../lib/search-params';

// The console's tabs (features/admin's ADMIN_TABS), spelled here so that nothing of the console is
// imported by the part of this file that stays in the app's entry chunk (search, loader).
const TABS = ['mentor', 'applications', 'places', 'reports', 'members', 'audit', 'stats'] as const;
const validateSearch = (search: Record<string, unknown>) => ({ tab: oneOf(search.tab, TABS) ?? 'mentor' });

// Contract section 16: the operator console. Its component (and everything it imports: the admin
// entities, uPlot) is split into chunks of its own by the router plugin; the loader imports the
// entity lazily for the same reason. No student screen links here.
export const Route = createFileRoute('/admin')({
  validateSearch,
  staticData: { page: { headerHidden: true, layout: 'bare', wide: true } },
  loader: async ({ context }) => {
    const { adminMeQueryOptions } = await import('../entities/admin');
    // 403 for a student: the console says so itself, the loader does not fail the route. Offline
    // the prefetch would wait for the network and hold the navigation on a spinner: the console
    // says it cannot load instead.
    if (navigator.onLine) await context.queryClient.prefetchQuery(adminMeQueryOptions());
  },
  component: AdminPage,
});

function AdminPage() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AdminConsole
      tab={tab as AdminTab}
      onTab={(next) => void navigate({ search: { tab: next }, replace: true })}
      renderMentorPreview={(mentor) => <MentorArticle mentor={mentor} />}
    />
  );
}
