import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fail, ok } from './support/helpers';
import { ORIGIN, renderSignedIn } from './support/render-app';

interface Row {
  memberId: number;
  memberName: string;
  email: string;
  universityId: number;
  department: string | null;
  studentNo: string | null;
  status: string;
  openReports: number;
  createdAt: string;
}

/** 120 members of two campuses, open reports 0–2, in the server's order (most open reports, then the newest id). */
function campusClub(): Row[] {
  return Array.from({ length: 120 }, (_, i) => ({
    memberId: i + 1,
    memberName: `회원${i + 1}`,
    email: `m${i + 1}@catholic.ac.kr`,
    universityId: i % 2 === 0 ? 1 : 2,
    department: '심리학과',
    studentNo: '23',
    status: 'ACTIVE',
    openReports: i % 3,
    createdAt: '2026-09-01T03:00:00.000Z',
  })).sort((a, b) => b.openReports - a.openReports || b.memberId - a.memberId);
}

/**
 * GET /api/admin/members as the server answers it (contract section 16): without paging the old
 * array of at most 50; with `size` or a cursor a page after the cursor's (openReports, memberId).
 */
function membersApi(rows: () => Row[], asked: URLSearchParams[], refused: (search: URLSearchParams) => boolean = () => false) {
  return mswHttp.get(`${ORIGIN}/api/admin/members`, ({ request }) => {
    const search = new URL(request.url).searchParams;
    asked.push(search);
    // A refusal, not a network error: those are retried first, for seconds.
    if (refused(search)) return HttpResponse.json(fail('COMMON400', '요청 값이 올바르지 않아요.'), { status: 400 });
    const query = search.get('query') ?? '';
    const universityId = search.get('universityId');
    const found = rows().filter((m) => m.memberName.includes(query) && (universityId === null || m.universityId === Number(universityId)));
    if (!search.has('size') && !search.has('after')) return HttpResponse.json(ok(found.slice(0, 50)));
    const after = search.get('after');
    const afterReports = Number(search.get('afterReports'));
    const rest = after === null ? found : found.filter((m) => m.openReports < afterReports || (m.openReports === afterReports && m.memberId < Number(after)));
    const size = Number(search.get('size') ?? 50);
    return HttpResponse.json(ok({ entries: rest.slice(0, size), hasNext: rest.length > size }));
  });
}

const consoleApi = [
  mswHttp.get(`${ORIGIN}/api/admin/me`, () => HttpResponse.json(ok({ operator: true, email: 'ops@catholic.ac.kr' }))),
  mswHttp.get(`${ORIGIN}/api/admin/universities`, () =>
    HttpResponse.json(
      ok([
        { universityId: 1, name: '가톨릭대' },
        { universityId: 2, name: '이화여대' },
      ]),
    ),
  ),
];

/** The member rows of the table (its header row left out). */
const memberRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const namesShown = () => memberRows().map((row) => /회원\d+/.exec(row.textContent ?? '')?.[0]);

describe('operator console 회원: more than 50 members', () => {
  it('shows 50, then 50 more on 더 보기 until the last page; a new search or campus starts again from the first page', async () => {
    const asked: URLSearchParams[] = [];
    const club = campusClub();
    renderSignedIn('/admin?tab=members', [...consoleApi, membersApi(() => club, asked)]);

    await waitFor(() => expect(memberRows()).toHaveLength(50));
    expect(namesShown()).toEqual(club.slice(0, 50).map((m) => m.memberName));
    fireEvent.click(screen.getByRole('button', { name: '더 보기' }));
    await waitFor(() => expect(memberRows()).toHaveLength(100));
    // The next page starts after the last row shown, by both keys of the order.
    const last = club[49]!;
    expect(asked.at(-1)?.get('after')).toBe(String(last.memberId));
    expect(asked.at(-1)?.get('afterReports')).toBe(String(last.openReports));
    fireEvent.click(screen.getByRole('button', { name: '더 보기' }));
    await waitFor(() => expect(memberRows()).toHaveLength(120));
    expect(namesShown()).toEqual(club.map((m) => m.memberName));
    expect(screen.queryByRole('button', { name: '더 보기' })).toBeNull();

    // Another campus: its first page, not a continuation of the list above.
    fireEvent.change(screen.getByLabelText('학교'), { target: { value: '2' } });
    const ewha = club.filter((m) => m.universityId === 2);
    await waitFor(() => expect(namesShown()).toEqual(ewha.slice(0, 50).map((m) => m.memberName)));
    expect(asked.at(-1)?.has('after')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '더 보기' }));
    await waitFor(() => expect(namesShown()).toEqual(ewha.map((m) => m.memberName)));
    expect(screen.queryByRole('button', { name: '더 보기' })).toBeNull();

    // A search too.
    fireEvent.change(screen.getByLabelText('학교'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('이름 또는 이메일'), { target: { value: '회원1' } });
    fireEvent.click(screen.getByRole('button', { name: '찾기' }));
    const ones = club.filter((m) => m.memberName.includes('회원1'));
    await waitFor(() => expect(namesShown()).toEqual(ones.map((m) => m.memberName)));
    expect(asked.at(-1)?.get('query')).toBe('회원1');
    expect(asked.at(-1)?.has('after')).toBe(false);
    expect(screen.queryByRole('button', { name: '더 보기' })).toBeNull();
  }, 30_000);

  it('a member reported while the operator pages, who moves past the cursor, is listed once', async () => {
    const asked: URLSearchParams[] = [];
    let club = campusClub();
    renderSignedIn('/admin?tab=members', [...consoleApi, membersApi(() => club, asked)]);
    await waitFor(() => expect(memberRows()).toHaveLength(50));
    // Meanwhile another operator's decision closes the reports of the first member shown: it now
    // sorts among the members without reports, which the next page brings.
    const moved = club[0]!;
    club = campusClub()
      .map((m) => (m.memberId === moved.memberId ? { ...m, openReports: 0 } : m))
      .sort((a, b) => b.openReports - a.openReports || b.memberId - a.memberId);
    fireEvent.click(screen.getByRole('button', { name: '더 보기' }));
    await waitFor(() => expect(memberRows().length).toBeGreaterThan(50));
    expect(club.slice(0, 100).filter((m) => m.memberId === moved.memberId)).toHaveLength(1);
    expect(namesShown().filter((name) => name === moved.memberName)).toHaveLength(1);
  });

  it('a next page that fails says so, and 더 보기 tries again', async () => {
    const asked: URLSearchParams[] = [];
    let failing = true;
    const club = campusClub();
    renderSignedIn('/admin?tab=members', [
      ...consoleApi,
      membersApi(
        () => club,
        asked,
        (search) => failing && search.has('after'),
      ),
    ]);
    await waitFor(() => expect(memberRows()).toHaveLength(50));
    fireEvent.click(screen.getByRole('button', { name: '더 보기' }));
    expect(await screen.findByText('다음 목록을 불러오지 못했어요. 더 보기를 다시 눌러 주세요.')).toBeTruthy();
    expect(memberRows()).toHaveLength(50);
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: '더 보기' }));
    await waitFor(() => expect(memberRows()).toHaveLength(100));
    expect(screen.queryByText('다음 목록을 불러오지 못했어요. 더 보기를 다시 눌러 주세요.')).toBeNull();
    // Two renders of 50 and 100 rows take seconds in jsdom.
  }, 15_000);
});
