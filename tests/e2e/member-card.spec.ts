import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { E2E_URL } from '../../playwright.config';
import { apiMember, shoot, uniqueEmail, useToken, type ApiMember } from './support';

const LONG_DEPARTMENT = '바이오메디컬화학공학과';

async function apiResult<T>(request: APIRequestContext, member: ApiMember, path: string): Promise<T> {
  const res = await request.get(`${E2E_URL}${path}`, { headers: { authorization: `Bearer ${member.token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { result: T }).result;
}

/** The 학번 is drawn whole inside its card: not cut by the ellipsis, not past the card's edge. */
async function expectStudentNoWhole(card: Locator, studentNo: string) {
  const label = card.getByText(`${studentNo}학번`);
  await expect(label).toBeVisible();
  const [cardBox, labelBox] = [await card.boundingBox(), await label.boundingBox()];
  expect(labelBox!.width).toBeGreaterThan(0);
  expect(labelBox!.x).toBeGreaterThanOrEqual(cardBox!.x);
  expect(labelBox!.x + labelBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
  // Its own text fits (no ellipsis inside it), and it is the department that gives way.
  expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  const department = card.getByText(LONG_DEPARTMENT);
  expect(await department.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
}

test('a long department gives way on the member cards: 22학번 stays whole (매칭 → 보낸 요청, explore) at 390×844', async ({ page, request }) => {
  const a = await apiMember(request, uniqueEmail('card-a'), '한결이');
  const colleges = await apiResult<{ id: number; name: string }[]>(request, a, '/api/colleges');
  const college = colleges.find((c) => c.name === '공과대학')!;
  const departments = await apiResult<{ id: number; name: string }[]>(request, a, `/api/colleges/${college.id}/departments`);
  const department = departments.find((d) => d.name === LONG_DEPARTMENT)!;
  const long = { studentNo: '22', collegeId: college.id, departmentId: department.id };
  const b = await apiMember(request, uniqueEmail('card-b'), '김민지', long);
  await apiMember(request, uniqueEmail('card-d'), '박서준', long);
  const sent = await request.post(`${E2E_URL}/api/matches`, { headers: { authorization: `Bearer ${a.token}` }, data: { toMemberId: b.memberId } });
  expect(sent.status(), await sent.text()).toBe(200);

  await useToken(page, a.token);
  await page.goto('/matching?selectTab=REQUESTED');
  const requested = page.getByRole('tabpanel').getByRole('link', { name: /김민지/ });
  await expect(requested).toBeVisible();
  await expectStudentNoWhole(requested, '22');
  await shoot(page, 'member-card-long-department-requested');

  await page.goto(`/explore?collegeId=${college.id}&department=${encodeURIComponent(LONG_DEPARTMENT)}`);
  const explored = page.getByRole('list', { name: '프로필 목록' }).getByRole('link', { name: /박서준/ });
  await expect(explored).toBeVisible();
  await expectStudentNoWhole(explored, '22');
  await shoot(page, 'member-card-long-department-explore');
});
