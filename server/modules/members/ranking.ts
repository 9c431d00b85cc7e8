import { sql, type SQL } from 'drizzle-orm';
import type { InterestCode } from '../../../contract/interests';
import { interestId } from '../../../contract/interests';
import type { FilterSort, StudentNoFilter } from '../../../contract/members';
import type { Db } from '../../db/client';
import { admissionYear } from '../../../contract/auth';
import { rowsOf } from '../../db/sql';

/**
 * Contract section 9, computed in the database (decision 0004).
 *
 * Time slots and interests are bit masks on the member row (`time_mask` 50 bits, `interest_mask`
 * 8 bits), so an overlap is a popcount of an AND: `bit_count((a & b)::bit(64))` works the same on
 * PostgreSQL ≥ 14 and PGlite. Scores are scaled to integers (0.6/0.4 → 6/4) so they sort exactly.
 * Ties: most recently updated first, then the higher id, so every order is total and repeatable.
 * Which members make the top 10, and how many match a filter, comes from per-university bitmaps.
 */

export interface CardRow {
  id: number;
  name: string | null;
  profile_image_url: string | null;
  student_no: string | null;
  interest_mask: number;
  department: string | null;
  keywords: { id: number; type: string; title: string; description: string }[] | null;
}

export interface Caller {
  id: number;
  universityId: number;
}

/** Card columns of the ranked rows `r`, keywords in question order (one keyword scan for all rows). */
function cardsOf(ranked: SQL, order: SQL): SQL {
  return sql`with r as materialized (${ranked}),
      kw as (select k.member_id,
                    json_agg(json_build_object('id', k.id, 'type', k.type, 'title', k.title, 'description', k.description)
                             order by array_position(array['EXPRESS','GOAL','INTEREST']::text[], k.type), k.id) as keywords
               from keywords k where k.member_id in (select id from r) group by k.member_id)
    select row_number() over (order by ${order}) as ord, r.id, coalesce(r.membername, r.account_name) as name, r.profile_image_url,
           r.student_no, r.interest_mask, d.name as department, kw.keywords
      from r left join departments d on d.id = r.department_id left join kw on kw.member_id = r.id
     order by ${order}`;
}

const CARD_COLUMNS = sql`m.id, m.membername, m.account_name, m.profile_image_url, m.student_no, m.interest_mask, m.department_id, m.updated_at`;

const TOP_N = 10;

/**
 * The top 10 come from the ranking bitmaps (`rank_top`, migration `rank_bitmaps`): bit-sliced
 * sums over a handful of 50,000-bit bitmaps instead of a score per member row. `rank_cards`
 * (migration `rank_cards`) then scores those ≤ 10 exactly, orders them (score desc, updated_at
 * desc, id desc) and returns the card columns.
 */
async function top(db: Db, caller: Caller, mode: 'recommendations' | 'popular'): Promise<CardRow[]> {
  const [row] = await rowsOf<{ cards: CardRow[] }>(db, sql`select rank_cards(${caller.universityId}, ${caller.id}, ${mode}, ${TOP_N}) as cards`);
  return row?.cards ?? [];
}

/** Both overlaps > 0; score 0.6·time + 0.4·interest; top 10. */
export function recommendations(db: Db, caller: Caller): Promise<CardRow[]> {
  return top(db, caller, 'recommendations');
}

/** 3·min(interest,3) + min(time,3) + min(pending received,5) + min(pending sent,2) + (1 if any keyword). */
export function popular(db: Db, caller: Caller): Promise<CardRow[]> {
  return top(db, caller, 'popular');
}

export interface FilterInput {
  page: number;
  size: number;
  sort: FilterSort;
  interest?: InterestCode;
  collegeId?: number;
  college?: string;
  department?: string[];
  studentNo?: StudentNoFilter;
}

/** Order of the filter pages; the index per order (members_recommend / members_recent) serves it. */
function filterOrder(sort: FilterSort, alias: string): SQL {
  const a = sql.raw(alias);
  return sort === 'recommend'
    ? sql`${a}.match_count desc nulls last, ${a}.updated_at desc nulls last, ${a}.id desc nulls last`
    : sql`${a}.updated_at desc nulls last, ${a}.id desc nulls last`;
}

/**
 * A filter whose pool holds at most this many members has its page read by id (`rank_filter`
 * returns the ids) and sorted; a wider one walks the order's index, which finds a page within
 * (offset + size) × pool / total rows. Listing a bitmap's ids costs ~6 µs per id on PGlite
 * (`rank_positions`), so past a few hundred the walk is as cheap; department filters need
 * neither, their ids go to the planner as constants and `members_dept` serves them.
 */
export const filterTuning = { byIdMax: 500 };

/**
 * One page of the filtered pool and its total. The total and, for a narrow filter, the pool's ids
 * come from the bitmaps (`rank_filter`), not a count over the rows; the page is then a read by id
 * (narrow) or a range scan of the order's index (wide). The page keeps every condition of the
 * pool, so both ways list the same members.
 */
export async function filters(db: Db, caller: Caller, input: FilterInput): Promise<{ rows: CardRow[]; total: number }> {
  const U = caller.universityId;
  const interest = input.interest ? interestId(input.interest) : null;
  // College by id and/or name, department names, all within the caller's university; -1 matches nobody.
  const byName = input.college === undefined ? null : sql`(select c.id from colleges c where c.university_id = ${U} and c.name = ${input.college})`;
  const college =
    input.collegeId !== undefined && byName
      ? sql`(select case when ${byName} = ${input.collegeId} then ${input.collegeId}::int else -1 end)`
      : input.collegeId !== undefined
        ? sql`${input.collegeId}::int`
        : byName
          ? sql`coalesce(${byName}, -1)`
          : sql`null::int`;
  const depts =
    input.department === undefined
      ? sql`null::int[]`
      : sql`array(select d.id from departments d join colleges c on c.id = d.college_id
                   where c.university_id = ${U} and d.name in (${sql.join(
                     input.department.map((n) => sql`${n}`),
                     sql`, `,
                   )}))`;
  const yearMin = input.studentNo === undefined || input.studentNo === '20학번이상' ? null : admissionYear(input.studentNo);
  const yearMax = input.studentNo === undefined ? null : input.studentNo === '20학번이상' ? admissionYear('20') : admissionYear(input.studentNo);

  const [pool] = await rowsOf<{ total: number; ids: number[] | null; college: number | null; depts: number[] | null }>(
    db,
    sql`with f as materialized (select ${college} as college, ${depts} as depts)
      select p.total, p.ids, f.college, f.depts
        from f, rank_filter(${U}, ${caller.id}, ${interest}::int, f.college, f.depts, ${yearMin}::int, ${yearMax}::int, ${filterTuning.byIdMax}) p`,
  );
  const total = pool?.total ?? 0;
  const offset = input.page * input.size;
  if (!pool || offset >= total) return { rows: [], total };

  const where: SQL[] = [
    sql`m.university_id = ${U}`,
    sql`m.status = 'ACTIVE'`,
    sql`m.id <> ${caller.id}`,
    sql`m.id <> all(array(select target_id from matches where requester_id = ${caller.id} and status = 'ACCEPTED'
                          union all select requester_id from matches where target_id = ${caller.id} and status = 'ACCEPTED'))`,
    // Safety (section 15): blocked either way, or held by reports.
    sql`m.id <> all(array(select safety_hidden(${U}, ${caller.id})))`,
  ];
  // As constants (one array parameter), so the planner sees how many there are.
  const intArray = (values: readonly number[]) => sql`${`{${values.join(',')}}`}::int[]`;
  if (pool.ids) where.push(sql`m.id = any(${intArray(pool.ids)})`);
  if (interest !== null) where.push(sql`(m.interest_mask::int & ${1 << (interest - 1)}) <> 0`);
  if (input.collegeId !== undefined || byName) where.push(sql`m.college_id = ${pool.college ?? -1}::int`);
  if (input.department !== undefined) where.push(sql`m.department_id = any(${intArray(pool.depts ?? [])})`);
  if (yearMin !== null) where.push(sql`m.admission_year >= ${yearMin}`);
  if (yearMax !== null) where.push(sql`m.admission_year <= ${yearMax}`);

  const ranked = sql`select ${CARD_COLUMNS}, m.match_count
      from members m
     where ${sql.join(where, sql` and `)}
     order by ${filterOrder(input.sort, 'm')}
     limit ${input.size} offset ${offset}`;
  const [row] = await rowsOf<{ rows: CardRow[] }>(
    db,
    sql`with page as (${cardsOf(ranked, filterOrder(input.sort, 'r'))})
      select coalesce(json_agg(page order by page.ord), '[]'::json) as rows from page`,
  );
  return { rows: row?.rows ?? [], total };
}
