import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_URL } from '../../playwright.config';
import { apiMember, shoot, uniqueEmail, useToken, type ApiMember } from './support';

interface Counters {
  received: number;
  requested: number;
  completed: number;
}

async function apiGet<T>(request: APIRequestContext, member: ApiMember, path: string): Promise<T> {
  const res = await request.get(`${E2E_URL}${path}`, { headers: { authorization: `Bearer ${member.token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { result: T }).result;
}

const LABELS: Record<keyof Counters, string> = { received: '받은 요청', requested: '보낸 요청', completed: '매칭 완료' };

/**
 * /my shows the same counters the API reports, and they are the expected ones. A change another
 * member made reaches this device's cache once the cached counters go stale (30 s staleTime; there
 * is no live update of them), so the page is reloaded until it shows them.
 */
async function expectCounters(page: Page, request: APIRequestContext, member: ApiMember, expected: Counters) {
  const api = await apiGet<Counters>(request, member, '/api/members/mypage');
  expect({ received: api.received, requested: api.requested, completed: api.completed }).toEqual(expected);
  // A full reload restores the IndexedDB query cache, written at most once a second: give an
  // invalidation a mutation just made the time to be written, as a person would take anyway.
  await page.waitForTimeout(1200);
  await expect(async () => {
    await page.goto('/my');
    const nav = page.getByRole('navigation', { name: '나의 런치챗 현황' });
    for (const key of Object.keys(LABELS) as (keyof Counters)[]) {
      await expect(nav.getByRole('link').filter({ hasText: LABELS[key] })).toHaveText(new RegExp(`^\\s*${expected[key]}\\s*${LABELS[key]}\\s*$`), {
        timeout: 2000,
      });
    }
  }).toPass({ timeout: 45_000, intervals: [3000] });
}

test('A finds B through the explore filters, sends a request; B accepts; both see the match and A opens the chat', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const a = await apiMember(request, uniqueEmail('match-a'), '한결이');
  // B: a department of the last college, admitted in 2020 (20학번 이상), only GPA management.
  const headers = { authorization: `Bearer ${a.token}` };
  const colleges = ((await (await request.get(`${E2E_URL}/api/colleges`, { headers })).json()) as { result: { id: number; name: string }[] }).result;
  const college = colleges.at(-1)!;
  const depts = (
    (await (await request.get(`${E2E_URL}/api/colleges/${college.id}/departments`, { headers })).json()) as { result: { id: number; name: string }[] }
  ).result;
  const dept = depts.at(-1)!;
  const b = await apiMember(request, uniqueEmail('match-b'), '나비현', {
    studentNo: '20',
    collegeId: college.id,
    departmentId: dept.id,
    interests: ['GPA_MANAGEMENT'],
    timeTables: [
      { dayOfWeek: 'THU', startTime: '12:00', endTime: '13:00', subjectName: '' },
      { dayOfWeek: 'FRI', startTime: '12:00', endTime: '13:00', subjectName: '' },
    ],
  });

  const contextA = await browser.newContext();
  const contextB = await browser.newContext();
  const pageA = await contextA.newPage();
  const pageB = await contextB.newPage();
  await useToken(pageA, a.token);
  await useToken(pageB, b.token);

  await expectCounters(pageA, request, a, { received: 0, requested: 0, completed: 0 });

  // A: explore → category, department sheet, student-number sheet.
  await pageA.goto('/explore');
  await pageA.getByRole('button', { name: '학점 관리' }).click();
  await pageA.getByRole('button', { name: '학과', exact: true }).click();
  const deptSheet = pageA.getByRole('dialog', { name: '학과' });
  await expect(pageA.getByRole('navigation', { name: '주요 메뉴' })).toBeHidden();
  await deptSheet.getByRole('button', { name: college.name, exact: true }).click();
  await deptSheet.getByRole('button', { name: dept.name, exact: true }).click();
  await shoot(pageA, 'match-01-explore-department-sheet');
  await deptSheet.getByRole('button', { name: '적용' }).click();
  await expect(deptSheet).toBeHidden();
  await pageA.getByRole('button', { name: '학번', exact: true }).click();
  const snoSheet = pageA.getByRole('dialog', { name: '학번' });
  await snoSheet.getByRole('button', { name: '20학번 이상' }).click();
  await snoSheet.getByRole('button', { name: '적용' }).click();
  await expect(pageA).toHaveURL(/interest=GPA_MANAGEMENT/);
  await expect(pageA).toHaveURL(/studentNo=20/);
  const cardB = pageA.getByRole('list', { name: '프로필 목록' }).getByRole('link', { name: /나비현/ });
  await expect(cardB).toBeVisible();
  await expect(cardB).toContainText(dept.name);
  await shoot(pageA, 'match-02-explore-filtered');

  // A: B's profile → 런치챗 보내기 → 수락 대기 중.
  await cardB.click();
  await expect(pageA).toHaveURL(new RegExp(`/profile/${b.memberId}$`));
  await expect(pageA.getByRole('heading', { name: '나비현' })).toBeVisible();
  await pageA.getByRole('button', { name: '런치챗 보내기' }).click();
  await expect(pageA.getByRole('button', { name: '수락 대기 중' })).toBeDisabled();
  await shoot(pageA, 'match-03-request-sent');
  await expectCounters(pageA, request, a, { received: 0, requested: 1, completed: 0 });

  // B: the notification (API and /alarm), then 받은 요청 lists A.
  const notifications = await apiGet<{ notifications: { type: string; senderMembername: string | null }[] }>(request, b, '/api/notifications?size=20');
  expect(notifications.notifications.some((n) => n.type === 'MATCH_REQUEST')).toBe(true);
  await pageB.goto('/alarm');
  const alarmRow = pageB
    .getByRole('link')
    .filter({ hasText: /한결이/ })
    .first();
  await expect(alarmRow).toBeVisible();
  await expect(alarmRow).toHaveAttribute('href', '/matching?selectTab=RECEIVED');
  await shoot(pageB, 'match-04-alarm');
  await expectCounters(pageB, request, b, { received: 1, requested: 0, completed: 0 });
  await pageB.goto('/matching');
  await expect(pageB.getByRole('tab', { name: '받은 요청' })).toHaveAttribute('aria-selected', 'true');
  const cardA = pageB.getByRole('tabpanel').getByRole('link', { name: /한결이/ });
  await expect(cardA).toBeVisible();
  await shoot(pageB, 'match-05-received');

  // B accepts on A's profile.
  await cardA.click();
  await expect(pageB).toHaveURL(new RegExp(`/profile/${a.memberId}$`));
  await pageB.getByRole('button', { name: '수락하기' }).click();
  await expect(pageB.getByRole('button', { name: '채팅하기' })).toBeEnabled();
  await shoot(pageB, 'match-06-accepted');
  await expectCounters(pageB, request, b, { received: 0, requested: 0, completed: 1 });

  // A: 매칭 완료 lists B; B's profile says 채팅하기, which opens the room.
  await pageA.goto('/matching?selectTab=ACCEPTED');
  await expect(pageA.getByRole('tab', { name: '매칭 완료' })).toHaveAttribute('aria-selected', 'true');
  const matched = pageA.getByRole('tabpanel').getByRole('link', { name: /나비현/ });
  await expect(matched).toBeVisible();
  await shoot(pageA, 'match-07-completed');
  await matched.click();
  await pageA.getByRole('button', { name: '채팅하기' }).click();
  await expect(pageA).toHaveURL(/\/chatting\/\d+$/);
  await expect(pageA.getByText('나비현').first()).toBeVisible();
  await shoot(pageA, 'match-08-chat-room');
  await expectCounters(pageA, request, a, { received: 0, requested: 0, completed: 1 });

  await contextA.close();
  await contextB.close();
});

test('받은 요청: 수락 says the match is made, and the toast’s 채팅하기 opens the room', async ({ page, request }) => {
  const a = await apiMember(request, uniqueEmail('toast-a'), '윤새봄');
  const b = await apiMember(request, uniqueEmail('toast-b'), '차여름');
  const res = await request.post(`${E2E_URL}/api/matches`, { headers: { authorization: `Bearer ${a.token}` }, data: { toMemberId: b.memberId } });
  expect(res.status(), await res.text()).toBe(200);

  await useToken(page, b.token);
  await page.goto('/matching');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('link', { name: /윤새봄/ })).toBeVisible();
  await panel.getByRole('button', { name: '윤새봄님의 요청 수락' }).click();
  // The card leaves 받은 요청; the toast says what became of it, and where to go next.
  await expect(panel).toContainText('받은 요청이 없어요');
  const toast = page.getByTestId('toast').filter({ hasText: '윤새봄님과 매칭됐어요!' });
  await expect(toast).toContainText('채팅으로 먼저 인사해 보세요.');
  await shoot(page, 'match-09-accepted-toast');
  await toast.getByRole('button', { name: '채팅하기' }).click();
  await expect(page).toHaveURL(/\/chatting\/\d+$/);
  await expect(page.getByText('윤새봄').first()).toBeVisible();
  await expect(toast).toHaveCount(0);
  await shoot(page, 'match-10-chat-from-toast');
});
