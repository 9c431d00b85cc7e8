import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E_URL } from '../../playwright.config';
import { apiMember, type ApiMember, uniqueEmail, useToken } from './support';

/*
 * The offline banner at 390×844 never covers what is under the header: a pill floating there hid
 * the 받은 요청/보낸 요청/매칭 완료 tabs, the room's 약속 잡기 chip and pinned meetup, explore's
 * categories and the block list's intro. The header and the content make room for it instead.
 * In the room, a proposal made offline fails at once and the sheet says so (it used to stay
 * disabled and silent until the network came back), and the never-loaded suggestions say why.
 */
const OFFLINE_BANNER = '오프라인 상태예요. 저장된 내용을 보여 드려요.';
const everyWeekday = ['MON', 'TUE', 'WED', 'THU', 'FRI'].map((dayOfWeek) => ({ dayOfWeek, startTime: '10:00', endTime: '20:00', subjectName: '' }));

async function api<T>(request: APIRequestContext, who: ApiMember, method: 'get' | 'patch' | 'post', path: string, data?: unknown) {
  const res = await request[method](`${E2E_URL}${path}`, { headers: { authorization: `Bearer ${who.token}` }, data });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { result: T }).result;
}

/** The banner shows, inside the screen, and overlaps none of `targets` (nor the header above them). */
async function expectBannerClear(page: Page, targets: Record<string, Locator>) {
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toHaveText(OFFLINE_BANNER);
  const b = (await banner.boundingBox())!;
  expect(b.y, 'the banner is on screen').toBeGreaterThanOrEqual(0);
  for (const [name, target] of Object.entries(targets)) {
    await expect(target, name).toBeVisible();
    const t = (await target.boundingBox())!;
    const overlaps = b.x < t.x + t.width && t.x < b.x + b.width && b.y < t.y + t.height && t.y < b.y + b.height;
    expect(overlaps, `the offline banner ${JSON.stringify(b)} covers ${name} ${JSON.stringify(t)}`).toBe(false);
    // And nothing sits on top of the target's middle (the header moved down, not over it).
    const covered = await target.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return hit !== null && !el.contains(hit) && !hit.contains(el);
    });
    expect(covered, `${name} is covered`).toBe(false);
  }
}

test('offline: the banner pushes the screens down instead of covering tabs, the room’s chip and pin, categories and the block list', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(120_000);
  const me = await apiMember(request, uniqueEmail('off-banner-a'), '배너나', { timeTables: everyWeekday });
  const friend = await apiMember(request, uniqueEmail('off-banner-b'), '배너친구', { timeTables: everyWeekday });
  await api(request, me, 'post', '/api/matches', { toMemberId: friend.memberId });
  await api(request, friend, 'patch', `/api/matches/accept/${me.memberId}`);
  const [match] = (await api<{ data: { id: number }[] }>(request, me, 'get', '/api/matches?status=ACCEPTED')).data;
  const room = await api<{ chatRoomId: number }>(request, me, 'post', `/api/chatrooms?friendId=${friend.memberId}`);
  await useToken(page, me.token);

  // /matching: the three tabs.
  await page.goto('/matching');
  const tabs = page.getByRole('tablist', { name: '매칭 리스트' });
  await expect(tabs.getByRole('tab')).toHaveCount(3);
  await context.setOffline(true);
  await expectBannerClear(page, {
    '받은 요청': tabs.getByRole('tab', { name: /받은 요청/ }),
    '보낸 요청': tabs.getByRole('tab', { name: /보낸 요청/ }),
    '매칭 완료': tabs.getByRole('tab', { name: /매칭 완료/ }),
  });
  await page.screenshot({ path: '/tmp/helper-b-matching-offline.png' });
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toBeHidden();

  // The room: the 약속 잡기 chip.
  await page.goto(`/chatting/${room.chatRoomId}`);
  const chip = page.getByRole('button', { name: '약속 잡기' });
  await expect(chip).toBeVisible();
  await expect(page.getByText('채팅방에 연결 중이에요...')).toBeHidden({ timeout: 20_000 });
  await context.setOffline(true);
  await expectBannerClear(page, { '약속 잡기': chip, '뒤로 가기': page.getByRole('button', { name: /뒤로/ }).first() });
  await page.screenshot({ path: '/tmp/helper-b-room-offline.png' });

  // 약속 잡기 offline: no endless spinner, and the proposal fails at once with the network message.
  await chip.click();
  const sheet = page.getByRole('dialog', { name: '배너친구님과 약속 잡기' });
  await expect(sheet.getByText('오프라인이라 추천 시간을 불러올 수 없어요. 직접 정해 주세요.')).toBeVisible();
  await expect(sheet.getByText('추천 시간을 불러오는 중이에요')).toBeHidden();
  await sheet.getByRole('button', { name: '다른 날짜·시간 직접 정하기' }).click();
  await sheet.getByRole('textbox', { name: /장소/ }).fill('학생식당');
  await sheet.getByRole('button', { name: '약속 제안하기' }).click();
  // Still offline: the message cannot be waiting for the network.
  await expect(sheet.getByRole('alert')).toHaveText('네트워크 연결을 확인해 주세요.', { timeout: 3_000 });
  await expect(sheet.getByRole('button', { name: '약속 제안하기' })).toBeEnabled();
  await page.screenshot({ path: '/tmp/helper-b-propose-offline.png' });
  await sheet.getByRole('button', { name: '닫기' }).click();
  await context.setOffline(false);

  // The room's pinned meetup strip.
  const [slot] = await api<{ startsAt: string; endsAt: string; place: string }[]>(request, friend, 'get', `/api/matches/${match!.id}/meetup-suggestions`);
  await api(request, friend, 'post', `/api/matches/${match!.id}/meetups`, slot);
  await page.reload();
  const pin = page.getByRole('article', { name: '배너친구님과의 약속' });
  await expect(pin).toBeVisible();
  await context.setOffline(true);
  await expectBannerClear(page, { 'the pinned meetup': pin });
  await page.screenshot({ path: '/tmp/helper-b-room-pin-offline.png' });
  await context.setOffline(false);

  // 둘러보기: the category carousel.
  await page.goto('/explore');
  const categories = page.getByRole('group', { name: '관심사 카테고리' });
  await expect(categories).toBeVisible();
  await context.setOffline(true);
  await expectBannerClear(page, { '관심사 카테고리': categories });
  await page.screenshot({ path: '/tmp/helper-b-explore-offline.png' });
  await context.setOffline(false);

  // 차단 목록: its intro.
  await page.goto('/my/blocks');
  const lead = page.getByText('차단한 회원과는 서로 추천·검색에 보이지 않고');
  await expect(lead).toBeVisible();
  await context.setOffline(true);
  await expectBannerClear(page, { '차단 목록 안내': lead });
  await page.screenshot({ path: '/tmp/helper-b-blocks-offline.png' });
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toBeHidden();
});
