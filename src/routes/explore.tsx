import { createFileRoute } from '@tanstack/react-router';
import { INTEREST_CODES, INTEREST_LABELS } from '../../contract/interests-values';
import { FILTER_SORTS, STUDENT_NO_FILTERS } from '../../contract/members-values';
import { ExploreScreen, type ExploreFilters } from '../features/explore';
import { oneOf, positiveInt, text, type Search } from '../lib/search-params';

// Spec: optional `interest` (code) and `category` (label) select the category; the rest are this
// screen's own filters. Anything invalid is dropped rather than failing the page.
const readSearch = (search: Record<string, unknown>) => ({
  interest: oneOf(search.interest, INTEREST_CODES),
  category: text(search.category, { max: 20 }),
  sort: oneOf(search.sort, FILTER_SORTS),
  collegeId: positiveInt(search.collegeId),
  department: text(search.department, { min: 1, max: 50, trim: true }),
  studentNo: oneOf(search.studentNo === '20학번 이상' ? '20학번이상' : search.studentNo, STUDENT_NO_FILTERS),
});
const validateSearch = (search: Record<string, unknown>): Search<ReturnType<typeof readSearch>> => readSearch(search);

const codeOfLabel = (label: string | undefined) => INTEREST_CODES.find((code) => INTEREST_LABELS[code] === label);

export const Route = createFileRoute('/explore')({
  validateSearch,
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
