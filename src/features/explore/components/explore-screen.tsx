import { useEffect, useRef, useState } from 'react';
import { INTEREST_CODES, INTEREST_LABELS, type InterestCode } from '../../../../contract/interests-values';
import type { FilterSort } from '../../../../contract/members';
import { cardGrid } from '../../../components/ui/card-grid.css';
import { EmptyState } from '../../../components/ui/empty-state';
import { ChevronDownIcon, ExploreIcon } from '../../../components/ui/icons';
import { InfiniteSentinel } from '../../../components/ui/infinite-sentinel';
import { MemberCard } from '../../../components/ui/member-card';
import { FirstLoad } from '../../../components/ui/first-load';
import { Spinner } from '../../../components/ui/spinner';
import { memberCardProps, useFilteredMembers } from '../../../entities/member';
import { STUDENT_NO_OPTIONS, type ExploreFilters } from '../model/filters';
import { DepartmentSheet } from './department-sheet';
import * as styles from './explore-screen.css';
import { StudentNoSheet } from './student-no-sheet';
import { useLogError } from '../../../lib/use-log-error';

interface ExploreScreenProps {
  filters: ExploreFilters;
  /** Merged into the current filters (the route keeps them in the URL). */
  onChange: (next: Partial<ExploreFilters>) => void;
}

const SORTS: readonly { value: FilterSort; label: string }[] = [
  { value: 'recommend', label: '추천순' },
  { value: 'recent', label: '최신순' },
];

/** Spec "Explore": categories, sort, department and student-number sheets, infinite card grid. */
export function ExploreScreen({ filters, onChange }: ExploreScreenProps) {
  const [sheet, setSheet] = useState<'department' | 'studentNo' | null>(null);
  const studentNoLabel = STUDENT_NO_OPTIONS.find((option) => option.value === filters.studentNo)?.label;
  return (
    <div className={styles.root}>
      <CategoryChips value={filters.interest} onChange={(interest) => onChange({ interest })} />
      <div className={styles.toolbar}>
        <label className={styles.sort}>
          <span className={styles.hidden}>정렬</span>
          <select
            className={styles.select}
            value={filters.sort ?? 'recommend'}
            onChange={(event) => onChange({ sort: event.currentTarget.value === 'recent' ? 'recent' : 'recommend' })}
          >
            {SORTS.map((sort) => (
              <option key={sort.value} value={sort.value}>
                {sort.label}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className={filters.department || filters.collegeId ? styles.filterOn : styles.filter}
          aria-haspopup="dialog"
          onClick={() => setSheet('department')}
        >
          {filters.department ?? '학과'}
          <ChevronDownIcon size={16} />
        </button>
        <button type="button" className={filters.studentNo ? styles.filterOn : styles.filter} aria-haspopup="dialog" onClick={() => setSheet('studentNo')}>
          {studentNoLabel ?? '학번'}
          <ChevronDownIcon size={16} />
        </button>
      </div>
      <MemberGrid filters={filters} />
      <DepartmentSheet
        open={sheet === 'department'}
        value={{ collegeId: filters.collegeId, department: filters.department }}
        onClose={() => setSheet(null)}
        onApply={(value) => {
          setSheet(null);
          onChange(value);
        }}
      />
      <StudentNoSheet
        open={sheet === 'studentNo'}
        value={filters.studentNo}
        onClose={() => setSheet(null)}
        onApply={(studentNo) => {
          setSheet(null);
          onChange({ studentNo });
        }}
      />
    </div>
  );
}

function CategoryChips({ value, onChange }: { value: InterestCode | undefined; onChange: (code: InterestCode | undefined) => void }) {
  const items: readonly { code: InterestCode | undefined; label: string }[] = [
    { code: undefined, label: '전체' },
    ...INTEREST_CODES.map((code) => ({ code, label: INTEREST_LABELS[code] })),
  ];
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // A category chosen on home may sit off-screen in the row: bring it into view.
    const pressed = ref.current?.querySelector<HTMLElement>('[aria-pressed="true"]');
    pressed?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [value]);
  return (
    <div ref={ref} className={styles.categories} role="group" aria-label="관심사 카테고리">
      {items.map((item) => (
        <button
          key={item.label}
          type="button"
          aria-pressed={item.code === value}
          className={item.code === value ? styles.chipOn : styles.chip}
          onClick={() => onChange(item.code)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}

function MemberGrid({ filters }: { filters: ExploreFilters }) {
  const query = useFilteredMembers(filters);
  // Spec section 8: explore failures are logged and the empty state shows.
  useLogError('explore members', query.error);
  if (query.isPending) return <FirstLoad query={query} />;
  const members = query.data?.pages.flat() ?? [];
  if (members.length === 0) return <EmptyState icon={<ExploreIcon size={40} />} title="조건에 맞는 프로필이 없어요" />;
  return (
    <>
      <ul className={cardGrid} aria-label="프로필 목록">
        {members.map((member) => (
          <li key={member.memberId}>
            <MemberCard {...memberCardProps(member)} />
          </li>
        ))}
      </ul>
      <InfiniteSentinel enabled={query.hasNextPage && !query.isFetchingNextPage && !query.isError} onVisible={() => void query.fetchNextPage()} />
      {query.isFetchingNextPage ? <Spinner /> : null}
    </>
  );
}
