import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { INTEREST_CODES, INTEREST_LABELS, interestCodeSchema } from '../../contract/interests';
import { FILTER_SORTS, STUDENT_NO_FILTERS } from '../../contract/members';
import { ExploreScreen, type ExploreFilters } from '../features/explore';

// Spec: optional `interest` (code) and `category` (label) select the category; the rest are this
// screen's own filters. Anything invalid is dropped rather than failing the page.
const searchSchema = z.object({
  interest: interestCodeSchema.optional().catch(undefined),
  category: z.string().max(20).optional().catch(undefined),
  sort: z.enum(FILTER_SORTS).optional().catch(undefined),
  collegeId: z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined),
  department: z.string().trim().min(1).max(50).optional().catch(undefined),
  studentNo: z
    .string()
    .transform((s) => (s === '20학번 이상' ? '20학번이상' : s))
    .pipe(z.enum(STUDENT_NO_FILTERS))
    .optional()
    .catch(undefined),
});

const codeOfLabel = (label: string | undefined) => INTEREST_CODES.find((code) => INTEREST_LABELS[code] === label);

export const Route = createFileRoute('/explore')({
  validateSearch: searchSchema,
  staticData: { page: { title: '둘러보기', tabBar: true } },
  component: ExplorePage,
});

function ExplorePage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const filters: ExploreFilters = {
    interest: search.interest ?? codeOfLabel(search.category),
    sort: search.sort,
    collegeId: search.collegeId,
    department: search.department,
    studentNo: search.studentNo,
  };
  return (
    <ExploreScreen
      filters={filters}
      onChange={(next) =>
        void navigate({
          // A category chosen here replaces the one the link came with.
          search: (prev) => ({ ...prev, ...filters, ...next, category: undefined }),
          replace: true,
        })
      }
    />
  );
}
