import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E_URL } from '../../playwright.config';
import { apiMember, type ApiMember, cacheSaved, deliverPushUntilShown, shoot, uniqueEmail, useToken, workerReady } from './support';

/*
 * Contract section 14 in the browser at 390×844: A proposes from a suggestion in the 매칭 완료
 * tab, B confirms from the notification, both see it under 다가오는 약속 on home, the .ics
 * downloads, a reminder push (delivered to the real worker through CDP, as pwa-push.spec.ts does)
 * carries the pair's room and that URL opens the room with the meetup card, and after the end
 * (MEETUP_TEST_CLOCK moves the meetup rules' clock; production refuses it) both check in and the
 * compliment shows on the profile. The server sends the reminder itself in tests/server (FCM is
 * unreachable here); this test covers what the device does with it.
 */
const everyWeekday = ['MON', 'TUE', 'WED', 'THU', 'FRI'].map((dayOfWeek) => ({ dayOfWeek, startTime: '10:00', endTime: '20:00', subjectName: '' }));

async function api<T>(request: APIRequestContext, who: ApiMember, method: 'get' | 'patch' | 'post' | 'put', path: string, data?: unknown) {
  const res = await request[method](`${E2E_URL}${path}`, { headers: { authorization: `Bearer ${who.token}` }, data });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { result: T }).result;
}

/** Two students free on weekdays, matched (A asked, B accepted), with their chat room opened by A. */
async function pairInRoom(request: APIRequestContext, tag: string, [nameA, nameB]: [string, string]) {
  const a = await apiMember(request, uniqueEmail(`${tag}-a`), nameA, { timeTables: everyWeekday });
  const b = await apiMember(request, uniqueEmail(`${tag}-b`), nameB, { timeTables: everyWeekday });
  await api(request, a, 'post', '/api/matches', { toMemberId: b.memberId });
  await api(request, b, 'patch', `/api/matches/accept/${a.memberId}`);
  const [match] = (await api<{ data: { id: number }[] }>(request, b, 'get', '/api/matches?status=ACCEPTED')).data;
  const room = await api<{ chatRoomId: number }>(request, a, 'post', `/api/chatrooms?friendId=${b.memberId}`);
  return { a, b, match: match!, room };
}

/**
 * The room's pinned meetup is a strip like a chat app's pinned notice, not a card eating the chat:
 * at 390×844 at most 80 px with the strip around it, its messages starting right below.
 */
async function expectCompactPin(card: Locator) {
  const pin = (await card.boundingBox())!;
  const strip = (await card.locator('..').boundingBox())!;
  expect(pin.height, 'the pinned meetup').toBeLessThanOrEqual(80);
  expect(strip.height, 'the strip holding it').toBeLessThanOrEqual(80);
}

/** WCAG 2 A/AA: no serious or critical axe finding (as tests/e2e/a11y.spec.ts). */
async function noSeriousAxeFindings(page: Page, name: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
  expect(blocking, `axe on ${name}`).toEqual([]);
}

/** 직접 정하기's date and time: each inside the sheet, as wide as 장소 under them, showing all of itself. */
async function expectCustomFieldsFit(sheet: Locator) {
  const form = (await sheet.getByRole('form', { name: '약속 잡기' }).boundingBox())!;
  const place = (await sheet.getByRole('textbox', { name: /장소/ }).boundingBox())!;
  for (const name of ['날짜', '시간']) {
    const input = sheet.getByLabel(name, { exact: true });
    const box = (await input.boundingBox())!;
    expect(box.x + box.width, name).toBeLessThanOrEqual(Math.ceil(form.x + form.width));
    expect(box.width, `${name} as wide as 장소`).toBeGreaterThanOrEqual(place.width - 1);
    expect(await input.evaluate((el) => el.scrollWidth <= el.clientWidth), `${name} not cut`).toBe(true);
  }
}

test('propose from a suggestion, confirm from the notification, upcoming, .ics, reminder push, check-in and compliments', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const a = await apiMember(request, uniqueEmail('meet-a'), '김제안', { timeTables: everyWeekday });
  const b = await apiMember(request, uniqueEmail('meet-b'), '이수락', { timeTables: everyWeekday });
  await api(request, a, 'post', '/api/matches', { toMemberId: b.memberId });
  await api(request, b, 'patch', `/api/matches/accept/${a.memberId}`);

  const contextA = await browser.newContext();
  const contextB = await browser.newContext({ permissions: ['notifications'] });
  const pageA = await contextA.newPage();
  const pageB = await contextB.newPage();
  await useToken(pageA, a.token);
  await useToken(pageB, b.token);

  // A: 매칭 완료 → 약속 잡기 → the first suggestion → 약속 제안하기.
  await pageA.goto('/matching?selectTab=ACCEPTED');
  await pageA.getByRole('button', { name: '약속 잡기' }).first().click();
  const sheet = pageA.getByRole('dialog', { name: '이수락님과 약속 잡기' });
  const suggestions = sheet.getByRole('list', { name: '추천 시간' }).getByRole('button');
  await expect(suggestions.first()).toContainText(/\d+월 \d+일 \([월화수목금]\) \d{2}:00~\d{2}:00/);
  await expect(suggestions.first()).toContainText('학생식당');
  // 직접 정하기: the date and time fields fit the sheet (the time field stuck out) and show all of
  // themselves (side by side, half a 390 px sheet cut the date: "11/30/202"), at 390 and 360 px.
  await sheet.getByRole('button', { name: '다른 날짜·시간 직접 정하기' }).click();
  await expectCustomFieldsFit(sheet);
  await shoot(pageA, 'meetups-00-plan-sheet-custom');
  await pageA.setViewportSize({ width: 360, height: 740 });
  await expectCustomFieldsFit(sheet);
  await shoot(pageA, 'meetups-00b-plan-sheet-custom-360');
  await pageA.setViewportSize({ width: 390, height: 844 });
  await suggestions.first().click();
  await shoot(pageA, 'meetups-01-plan-sheet');
  await noSeriousAxeFindings(pageA, 'the 약속 잡기 sheet');
  const slotText = (await suggestions.first().locator('span').first().textContent())!;
  await sheet.getByRole('button', { name: '약속 제안하기' }).click();
  await expect(sheet).toBeHidden();

  // B: the notification opens the meetups page; 수락.
  await pageB.goto('/alarm');
  await pageB.getByRole('link').filter({ hasText: '김제안님이 점심 약속을 제안했어요!' }).click();
  await expect(pageB).toHaveURL(/\/meetups$/);
  const cardB = pageB.getByRole('article', { name: '김제안님과의 약속' });
  await expect(cardB).toContainText(slotText);
  await cardB.getByRole('button', { name: '수락' }).click();
  await expect(cardB).toContainText('확정');
  // The one who accepts hears it too (the proposer gets "이수락님이 약속을 수락했어요!").
  await expect(pageB.getByTestId('toast').filter({ hasText: '약속이 확정됐어요' })).toContainText(`${slotText}, 학생식당에서 김제안님과 만나요.`);
  await shoot(pageB, 'meetups-01b-confirmed-toast');

  // Both: 다가오는 약속 on home.
  for (const [page, partner] of [
    [pageA, '이수락'],
    [pageB, '김제안'],
  ] as const) {
    await page.goto('/');
    const section = page.getByRole('region', { name: '다가오는 약속' });
    await expect(section.getByRole('article', { name: `${partner}님과의 약속` })).toContainText('확정');
  }
  await pageA.getByRole('region', { name: '다가오는 약속' }).scrollIntoViewIfNeeded();
  await shoot(pageA, 'meetups-02-home-upcoming');
  await noSeriousAxeFindings(pageA, 'home with 다가오는 약속');

  // A: 캘린더에 추가 downloads an RFC 5545 file.
  const upcomingA = pageA.getByRole('region', { name: '다가오는 약속' });
  const [download] = await Promise.all([pageA.waitForEvent('download'), upcomingA.getByRole('button', { name: '캘린더에 추가' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^lunchchat-meetup-\d+\.ics$/);
  const ics = readFileSync((await download.path())!, 'utf8');
  expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(ics).toContain('STATUS:CONFIRMED\r\n');
  expect(ics).toContain('LOCATION:학생식당');
  // A phone shows nothing of a download: the toast says where it went and what to do.
  await expect(pageA.getByTestId('toast').filter({ hasText: '캘린더 파일을 받았어요' })).toContainText('열어서 일정에 추가해 주세요.');
  await shoot(pageA, 'meetups-02b-calendar-toast');
  await expect(upcomingA.getByRole('link', { name: 'Google 캘린더' })).toHaveAttribute('href', /calendar\.google\.com/);

  // B: a reminder push as the server sends it (url = the pair's room), delivered through CDP.
  const [meetup] = await api<{ meetupId: number; chatRoomId: number; endsAt: string }[]>(request, b, 'get', '/api/meetups?scope=upcoming');
  const cdp = await contextB.newCDPSession(pageB);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: list }) => {
    for (const r of list) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  await pageB.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const origin = new URL(E2E_URL).origin;
  await expect.poll(() => registrations.get(`${origin}/`)).toBeTruthy();
  const roomUrl = `/chatting/${meetup!.chatRoomId}`;
  await deliverPushUntilShown(
    pageB,
    cdp,
    { origin, registrationId: registrations.get(`${origin}/`)! },
    {
      data: {
        title: '곧 약속 시간이에요',
        body: '김제안님과의 약속이 곧 시작돼요.',
        type: 'MEETUP_REMINDER',
        senderId: String(a.memberId),
        senderMembername: '김제안',
        url: roomUrl,
      },
      from: '123456',
      fcmMessageId: 'e2e-meetup-reminder',
    },
  );
  const shown = () =>
    pageB.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, data: n.data as { url?: string } })),
    );
  await expect.poll(shown).toEqual([{ title: '곧 약속 시간이에요', data: expect.objectContaining({ url: roomUrl }) }]);
  // What a click on it opens (headless Chromium cannot click the OS notification): the room, with the card.
  await pageB.goto(roomUrl);
  await expect(pageB.getByRole('article', { name: '김제안님과의 약속' })).toContainText('확정');
  await shoot(pageB, 'meetups-03-room-card');

  // The meetup ends: both check in ("만났나요?") from 지난 약속; A compliments B.
  const shiftMs = Date.parse(meetup!.endsAt) - Date.now() + 60_000;
  await api(request, a, 'put', '/api/test/meetup-clock', { shiftMs });
  for (const [page, partner, compliment] of [
    [pageA, '이수락', '친절해요'],
    [pageB, '김제안', '잘 들어줘요'],
  ] as const) {
    const past = page.getByRole('region', { name: '지난 약속' }).getByRole('article', { name: `${partner}님과의 약속` });
    if (page === pageA) {
      // A from the list's button; B as the "만났나요?" push opens it (its url carries the meetup).
      await page.goto('/meetups');
      await past.getByRole('button', { name: '만났나요?' }).click();
    } else {
      await page.goto(`/meetups?checkin=${meetup!.meetupId}`);
    }
    const checkin = page.getByRole('dialog', { name: '만났나요?' });
    await checkin.getByRole('button', { name: '네, 만났어요' }).click();
    await checkin.getByRole('button', { name: compliment }).click();
    if (page === pageA) {
      await shoot(pageA, 'meetups-04-checkin-sheet');
      await noSeriousAxeFindings(pageA, 'the 만났나요? sheet');
    }
    await checkin.getByRole('button', { name: '보내기' }).click();
    await expect(past).toContainText('만났다고 답했어요');
  }
  await expect(pageB.getByRole('region', { name: '지난 약속' }).getByRole('article', { name: '김제안님과의 약속' })).toContainText('만남 완료');

  // Received compliments, counted, on each profile.
  await pageA.goto(`/profile/${b.memberId}`);
  await expect(pageA.getByRole('region', { name: '받은 칭찬' })).toContainText('친절해요1');
  await pageB.goto(`/profile/${a.memberId}`);
  await expect(pageB.getByRole('region', { name: '받은 칭찬' })).toContainText('잘 들어줘요1');
  await shoot(pageB, 'meetups-05-profile-compliments');
  // And each on their own profile (/my/profile), as the other sees it.
  await pageB.goto('/my/profile');
  const ownB = pageB.getByRole('region', { name: '받은 칭찬' });
  await expect(ownB).toContainText('친절해요1');
  // At the very bottom: the section clears the pinned 수정 완료 bar.
  await ownB.evaluate((section) => section.scrollIntoView({ block: 'start' }));
  await shoot(pageB, 'meetups-06-my-profile-compliments');
  await pageA.goto('/my/profile');
  await expect(pageA.getByRole('region', { name: '받은 칭찬' })).toContainText('잘 들어줘요1');
  await api(request, a, 'put', '/api/test/meetup-clock', { shiftMs: 0 });
  await contextA.close();
  await contextB.close();
});

test('약속 잡기 refused (decision 0055): the field to fix takes focus, outlined and described by its Korean message', async ({ page, request }) => {
  const { a } = await pairInRoom(request, 'meet-refused', ['김빈칸', '이장소']);
  const proposals: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/matches\/\d+\/meetups$/.test(new URL(r.url()).pathname)) proposals.push(r.url());
  });
  await useToken(page, a.token);
  await page.goto('/matching?selectTab=ACCEPTED');
  await page.getByRole('button', { name: '약속 잡기' }).first().click();
  const sheet = page.getByRole('dialog', { name: '이장소님과 약속 잡기' });
  await expect(sheet.getByRole('list', { name: '추천 시간' }).getByRole('button').first()).toContainText('학생식당');
  await sheet.getByRole('button', { name: '다른 날짜·시간 직접 정하기' }).click();
  const date = sheet.getByLabel('날짜', { exact: true });
  const place = sheet.getByRole('textbox', { name: /장소/ });

  // No date and no place: the browser's own bubble (the date is `required`) no longer stops the
  // tap first; the sheet's messages show, each tied to its field, and the first field takes focus.
  await date.fill('');
  await sheet.getByRole('button', { name: '약속 제안하기' }).click();
  await expect(date).toBeFocused();
  await expect(date).toHaveAttribute('aria-invalid', 'true');
  await expect(date).toHaveAccessibleDescription('날짜와 시간을 골라 주세요.');
  await expect(place).toHaveAttribute('aria-invalid', 'true');
  await expect(place).toHaveAccessibleDescription('장소를 입력해 주세요.');
  await expect(sheet.getByLabel('시간', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
  await shoot(page, 'meetups-plan-refused-date-390');
  await noSeriousAxeFindings(page, 'the refused 약속 잡기 sheet');

  // A date given, still no place: 장소 takes focus, it and its message in view.
  await date.fill(new Date(Date.now() + 33 * 3600_000).toISOString().slice(0, 10));
  await expect(date).not.toHaveAttribute('aria-invalid', 'true');
  await sheet.getByRole('button', { name: '약속 제안하기' }).click();
  await expect(place).toBeFocused();
  await expect(place).toBeInViewport({ ratio: 1 });
  await expect(sheet.getByText('장소를 입력해 주세요.')).toBeInViewport({ ratio: 1 });
  await shoot(page, 'meetups-plan-refused-place-390');
  expect(proposals).toEqual([]);

  await place.fill('학생식당');
  await expect(place).not.toHaveAttribute('aria-invalid', 'true');
  await sheet.getByRole('button', { name: '약속 제안하기' }).click();
  await expect(sheet).toBeHidden();
  expect(proposals).toHaveLength(1);
});

test('offline: upcoming meetups show from the cache; a 수락 made offline survives a reload and is sent once back online', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(90_000);
  const a = await apiMember(request, uniqueEmail('meet-off-a'), '박오프', { timeTables: everyWeekday });
  const b = await apiMember(request, uniqueEmail('meet-off-b'), '최수락', { timeTables: everyWeekday });
  await api(request, a, 'post', '/api/matches', { toMemberId: b.memberId });
  await api(request, b, 'patch', `/api/matches/accept/${a.memberId}`);
  const [match] = (await api<{ data: { id: number }[] }>(request, a, 'get', '/api/matches?status=ACCEPTED')).data;
  const [slot] = await api<{ startsAt: string; endsAt: string; place: string }[]>(request, a, 'get', `/api/matches/${match!.id}/meetup-suggestions`);
  const proposed = await api<{ meetupId: number }>(request, a, 'post', `/api/matches/${match!.id}/meetups`, slot);

  await useToken(page, b.token);
  await page.goto('/');
  await workerReady(page);
  const card = page.getByRole('region', { name: '다가오는 약속' }).getByRole('article', { name: '박오프님과의 약속' });
  await expect(card).toContainText('수락 대기');
  await cacheSaved(page, (json) => json.includes(`"meetupId":${proposed.meetupId}`));

  await context.setOffline(true);
  await card.getByRole('button', { name: '수락' }).click();
  await expect(card).toContainText('오프라인 — 연결되면 수락을 보낼게요');
  await cacheSaved(page, (json) => json.includes('"mutationKey":["meetups","confirm"]'));
  await page.reload();
  await expect(card).toContainText('오프라인 — 연결되면 수락을 보낼게요');
  await card.scrollIntoViewIfNeeded();
  await shoot(page, 'meetups-06-offline-pending');

  await context.setOffline(false);
  await expect(card).toContainText('확정');
  const [after] = await api<{ status: string }[]>(request, a, 'get', '/api/meetups?scope=upcoming');
  expect(after!.status).toBe('CONFIRMED');
  // Sent once: one MEETUP_CONFIRMED notification for A.
  const notes = await api<{ notifications: { type: string }[] }>(request, a, 'get', '/api/notifications?size=50');
  expect(notes.notifications.filter((n) => n.type === 'MEETUP_CONFIRMED')).toHaveLength(1);
});

test('chat room: the partner’s proposal crossing one being made is explained in the sheet; 취소 on a confirmed meetup asks first, then says it is done', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { a, b, match, room } = await pairInRoom(request, 'meet-cross', ['김교차', '이먼저']);

  // A opens 약속 잡기 in the room and picks a time; B proposes from their phone meanwhile.
  await useToken(page, a.token);
  await page.goto(`/chatting/${room.chatRoomId}`);
  await page.getByRole('button', { name: '약속 잡기' }).click();
  const sheet = page.getByRole('dialog', { name: '이먼저님과 약속 잡기' });
  const picked = sheet.getByRole('list', { name: '추천 시간' }).getByRole('button').first();
  await expect(picked).toContainText('학생식당');
  await picked.click();
  const [, second] = await api<{ startsAt: string; endsAt: string; place: string }[]>(request, b, 'get', `/api/matches/${match.id}/meetup-suggestions`);
  await api(request, b, 'post', `/api/matches/${match.id}/meetups`, second);
  // A sends: either the server refuses it (409, the proposals crossed) or B's proposal already
  // reached the room live and the button is disabled (force: a click on it then does nothing).
  await sheet.getByRole('button', { name: '약속 제안하기' }).click({ force: true });

  // The sheet stays with the reason and A's pick; behind it, B's proposal took the button's place.
  await expect(sheet.getByRole('alert')).toHaveText('상대가 먼저 약속을 제안했어요. 제안을 확인해 주세요.');
  await expect(picked).toHaveAttribute('aria-pressed', 'true');
  await expect(sheet.getByRole('button', { name: '약속 제안하기' })).toBeDisabled();
  await shoot(page, 'meetups-07-room-partner-proposed-first');
  await sheet.getByRole('button', { name: '닫기' }).click();
  await expect(sheet).toBeHidden();
  const card = page.getByRole('article', { name: '이먼저님과의 약속' });
  await expect(card).toContainText('이먼저님이 제안했어요');
  // The one who received the proposal answers it: 수락 / 거절, no 취소 beside them.
  await expect(card.getByRole('button', { name: '수락' })).toBeVisible();
  await expect(card.getByRole('button', { name: '거절' })).toBeVisible();
  await expect(card.getByRole('button', { name: '취소' })).toHaveCount(0);
  await expectCompactPin(card);
  await shoot(page, 'meetups-07b-room-pinned-proposal');
  await noSeriousAxeFindings(page, 'the room with its pinned proposal');
  const upcomingB = await api<{ proposerId: number }[]>(request, b, 'get', '/api/meetups?scope=upcoming');
  expect(upcomingB.map((m) => m.proposerId)).toEqual([b.memberId]);

  // A accepts, then cancels: asked first (the partner is told and it cannot be undone), then told it is done.
  await card.getByRole('button', { name: '수락' }).click();
  await expect(card).toContainText('확정');
  const confirmed = page.getByTestId('toast').filter({ hasText: '약속이 확정됐어요' });
  await expect(confirmed).toContainText('이먼저님과 만나요.');
  await shoot(page, 'meetups-07d-room-confirmed-toast');
  // Closed: it sits over the strip's toggle.
  await confirmed.getByRole('button', { name: '알림 닫기' }).click();
  await expectCompactPin(card);
  // 캘린더 and 취소 wait behind the strip's toggle (the pinned notice's "자세히 보기").
  await expect(card.getByRole('button', { name: '취소' })).toHaveCount(0);
  await card.getByRole('button', { name: /자세히 보기/ }).click();
  await expect(card.getByRole('button', { name: '캘린더에 추가' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Google 캘린더' })).toHaveAttribute('href', /calendar\.google\.com/);
  await shoot(page, 'meetups-07c-room-pinned-expanded');
  await card.getByRole('button', { name: '취소' }).click();
  const dialog = page.getByRole('dialog', { name: '약속을 취소할까요?' });
  await expect(dialog).toContainText('상대에게 알림이 가요.');
  // The dialog fades in: the screenshot waits for its finite animations to end.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((x) => x.effect?.getComputedTiming().iterations !== Infinity)
        .map((x) => x.finished),
    ),
  );
  await shoot(page, 'meetups-08-cancel-confirm-dialog');
  await noSeriousAxeFindings(page, 'the 약속을 취소할까요? dialog');
  await dialog.getByRole('button', { name: '닫기' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText('확정');
  expect((await api<{ status: string }[]>(request, b, 'get', '/api/meetups?scope=upcoming'))[0]!.status).toBe('CONFIRMED');

  await card.getByRole('button', { name: '취소' }).click();
  await dialog.getByRole('button', { name: '약속 취소' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: '약속을 취소했어요' })).toContainText('이먼저님에게 알렸어요.');
  await expect(card).toBeHidden();
  await expect(page.getByRole('button', { name: '약속 잡기' })).toBeVisible();
  await shoot(page, 'meetups-09-cancelled-toast');
  expect(await api(request, b, 'get', '/api/meetups?scope=upcoming')).toEqual([]);
  const notes = await api<{ notifications: { type: string }[] }>(request, b, 'get', '/api/notifications?size=50');
  expect(notes.notifications.filter((n) => n.type === 'MEETUP_CANCELLED')).toHaveLength(1);
});

test('an open chat room shows the partner’s proposal and its cancellation live (event:notification), and home’s bell gets its dot', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const { a, b, match, room } = await pairInRoom(request, 'meet-live', ['김화면', '이실시']);

  // A sits in the room, connected.
  await useToken(page, a.token);
  await page.goto(`/chatting/${room.chatRoomId}`);
  await expect(page.getByRole('button', { name: '약속 잡기' })).toBeVisible();
  await expect(page.getByText('채팅방에 연결 중이에요...')).toBeHidden({ timeout: 20_000 });

  // B proposes from their phone: A's room shows it without a reload.
  const [slot] = await api<{ startsAt: string; endsAt: string; place: string }[]>(request, b, 'get', `/api/matches/${match.id}/meetup-suggestions`);
  const meetup = await api<{ meetupId: number }>(request, b, 'post', `/api/matches/${match.id}/meetups`, slot);
  const card = page.getByRole('article', { name: '이실시님과의 약속' });
  await expect(card).toContainText('이실시님이 제안했어요');
  await expect(card.getByRole('button', { name: '수락' })).toBeVisible();
  await shoot(page, 'meetups-10-room-live-proposal');

  // B withdraws it: the card goes, 약속 잡기 is back.
  await api(request, b, 'patch', `/api/meetups/${meetup.meetupId}/cancel`);
  await expect(card).toBeHidden();
  await expect(page.getByRole('button', { name: '약속 잡기' })).toBeVisible();

  // Home: the bell has its dot until the notifications are seen.
  await page.goto('/');
  await expect(page.getByRole('link', { name: '알림, 새 알림 있음' })).toBeVisible();
  await shoot(page, 'home-bell-dot');
  await page.getByRole('link', { name: '알림, 새 알림 있음' }).click();
  await expect(page.getByRole('link').filter({ hasText: '이실시님이 점심 약속을 제안했어요!' })).toBeVisible();
  // Back home at once (as a student would, not a reload): the dot is gone.
  await page.goBack();
  await expect(page.getByRole('link', { name: '알림', exact: true })).toBeVisible();
});

/**
 * Offers "홈 화면에 추가" as Chromium would: a second visit (the banner waits for it) and a
 * `beforeinstallprompt` the app keeps; a headless browser never fires one itself.
 */
async function offerInstall(page: Page) {
  await page.addInitScript(() => localStorage.setItem('lunchchat.visits', '1'));
  await page.goto('/');
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(event, { prompt: () => Promise.resolve(), userChoice: Promise.resolve({ outcome: 'dismissed' }) });
    window.dispatchEvent(event);
  });
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('home: the install banner takes its own place and never covers 다가오는 약속', async ({ page, request }) => {
  const { a, b, match } = await pairInRoom(request, 'meet-install', ['김배너', '이가림']);
  const [slot] = await api<{ startsAt: string; endsAt: string; place: string }[]>(request, a, 'get', `/api/matches/${match.id}/meetup-suggestions`);
  await api(request, a, 'post', `/api/matches/${match.id}/meetups`, slot);

  await useToken(page, b.token);
  await offerInstall(page);
  const banner = page.getByRole('region', { name: '앱 설치' });
  await expect(banner).toBeVisible();
  const section = page.getByRole('region', { name: '다가오는 약속' });
  const card = section.getByRole('article', { name: '김배너님과의 약속' });
  await expect(card).toContainText('수락 대기');

  // Wherever the page is scrolled: as the home screen opens, and with the section's end at the
  // viewport's bottom edge (where a banner floating over the tab bar would sit on it).
  for (const block of ['start', 'end'] as const) {
    if (block === 'end') await section.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    const [bannerBox, sectionBox] = [(await banner.boundingBox())!, (await section.boundingBox())!];
    expect(overlaps(bannerBox, sectionBox), `banner ${JSON.stringify(bannerBox)} over the section ${JSON.stringify(sectionBox)} (${block})`).toBe(false);
    await shoot(page, `meetups-11-home-install-banner-${block}`);
  }
  // The card's button, scrolled down to just above the tab bar (the band a floating banner took),
  // is what a tap there reaches: the point under its centre is the button, nothing over it.
  const accept = card.getByRole('button', { name: '수락' });
  const tabBarTop = (await page.getByRole('navigation', { name: '주요 메뉴' }).boundingBox())!.y;
  const hit = await accept.evaluate((el, above) => {
    window.scrollBy(0, el.getBoundingClientRect().bottom - above);
    const r = el.getBoundingClientRect();
    return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
  }, tabBarTop - 1);
  expect(hit).toBe(true);
  await accept.click();
  await expect(card).toContainText('확정');
  await expect(banner).toBeVisible();
});

test('390 px: 다가오는 약속 lines up with 마이페이지’s blocks and home’s, and the room strip’s second line ends in “…”', async ({ page, request }) => {
  const { a, match, room } = await pairInRoom(request, 'meet-edge', ['김가장자리', '이말줄임표가긴이름']);
  const [slot] = await api<{ startsAt: string; endsAt: string; place: string }[]>(request, a, 'get', `/api/matches/${match.id}/meetup-suggestions`);
  await api(request, a, 'post', `/api/matches/${match.id}/meetups`, { ...slot, place: '중앙도서관 1층 카페' });
  await useToken(page, a.token);
  const left = async (locator: Locator) => (await locator.boundingBox())!.x;

  // 마이페이지: the section sits at the column's edge (20 px), as the summary, counters and logout do.
  await page.goto('/my');
  const section = page.getByRole('region', { name: '다가오는 약속' });
  await expect(section.getByRole('article', { name: '이말줄임표가긴이름님과의 약속' })).toBeVisible();
  const counters = await left(page.getByRole('navigation', { name: '나의 런치챗 현황' }));
  expect(counters).toBe(20);
  expect(await left(section), '다가오는 약속 on /my').toBe(counters);
  expect(await left(page.getByRole('button', { name: '로그아웃' }))).toBe(counters);
  await section.scrollIntoViewIfNeeded();
  await shoot(page, 'meetups-12-my-upcoming-edge');

  // Home keeps its 20 px.
  await page.goto('/');
  const homeSection = page.getByRole('region', { name: '다가오는 약속' });
  await expect(homeSection.getByRole('article')).toBeVisible();
  expect(await left(homeSection), '다가오는 약속 on home').toBe(20);
  await homeSection.scrollIntoViewIfNeeded();
  await shoot(page, 'meetups-12b-home-upcoming-edge');

  // The room: "수락 대기 · place · name님의 답을 기다리고 있어요" is longer than the strip; it is one
  // line cut with an ellipsis inside the strip, not clipped mid-word at the screen's edge.
  await page.goto(`/chatting/${room.chatRoomId}`);
  const card = page.getByRole('article', { name: '이말줄임표가긴이름님과의 약속' });
  const line = card.getByText(/의 답을 기다리고 있어요$/);
  await expect(line).toBeVisible();
  const fit = await line.evaluate((el) => {
    const style = getComputedStyle(el);
    const strip = el.closest('article')!.getBoundingClientRect();
    return {
      textOverflow: style.textOverflow,
      whiteSpace: style.whiteSpace,
      truncated: el.scrollWidth > el.clientWidth,
      insideStrip: el.getBoundingClientRect().right <= strip.right && strip.right <= window.innerWidth,
    };
  });
  expect(fit).toEqual({ textOverflow: 'ellipsis', whiteSpace: 'nowrap', truncated: true, insideStrip: true });
  await expectCompactPin(card);
  await shoot(page, 'meetups-13-room-strip-ellipsis');
});

test('after lunch without the notification: home and the chat room ask "만났나요?", 마이페이지 and 전체 보기 lead to 내 약속', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { a, b, match, room } = await pairInRoom(request, 'meet-after', ['김민지', '이준호']);
  const [slot] = await api<{ startsAt: string; endsAt: string; place: string }[]>(request, a, 'get', `/api/matches/${match.id}/meetup-suggestions`);
  const proposed = await api<{ meetupId: number; endsAt: string }>(request, a, 'post', `/api/matches/${match.id}/meetups`, slot);
  await api(request, b, 'patch', `/api/meetups/${proposed.meetupId}/confirm`);
  await api(request, a, 'put', '/api/test/meetup-clock', { shiftMs: Date.parse(proposed.endsAt) - Date.now() + 60_000 });
  try {
    await useToken(page, a.token);
    await page.goto('/');
    const section = page.getByRole('region', { name: '다가오는 약속' });
    const ask = section.getByRole('button', { name: /이준호님과 만났나요\?/ });
    await ask.scrollIntoViewIfNeeded();
    await expect(ask).toBeVisible();
    await shoot(page, 'meetups-14-home-checkin-prompt');
    await expect(section.getByRole('link', { name: '전체 보기' })).toHaveAttribute('href', '/meetups');

    // The pair's room: the strip asks too, instead of a bare 약속 잡기.
    await page.goto(`/chatting/${room.chatRoomId}`);
    const pinnedAsk = page.getByRole('button', { name: /이준호님과 만났나요\?/ });
    await expect(pinnedAsk).toBeVisible();
    await expect(page.getByRole('button', { name: '약속 잡기' })).toHaveCount(0);
    await shoot(page, 'meetups-15-room-checkin-prompt');
    await pinnedAsk.click();
    const checkin = page.getByRole('dialog', { name: '만났나요?' });
    await checkin.getByRole('button', { name: '아니요' }).click();
    await checkin.getByRole('button', { name: '보내기' }).click();
    await expect(page.getByRole('button', { name: '약속 잡기' })).toBeVisible();
    // Not silently: the answer was received.
    await expect(page.getByTestId('toast').filter({ hasText: '체크인했어요' })).toContainText('만나지 못한 약속으로 남겼어요.');
    await shoot(page, 'meetups-15b-room-checkin-toast');

    // 마이페이지 → 내 약속: the past meetup, answered 아니요, is not 확정.
    await page.goto('/my');
    await expect(page.getByRole('link', { name: /내 약속/ })).toBeVisible();
    await shoot(page, 'meetups-16-my-page-row');
    await page.getByRole('link', { name: /내 약속/ }).click();
    await expect(page).toHaveURL(/\/meetups$/);
    const past = page.getByRole('region', { name: '지난 약속' }).getByRole('article', { name: '이준호님과의 약속' });
    await expect(past).toContainText('만남 확인 안 됨');
    await expect(past).toContainText('이준호님과');
    await expect(past).not.toContainText('확정');
    await shoot(page, 'meetups-17-past-unconfirmed');
  } finally {
    await api(request, a, 'put', '/api/test/meetup-clock', { shiftMs: 0 });
  }
});

/** Two boxes share no point: the toast leaves the header (name, ⋯ menu, back) free to see and tap. */
async function expectBelow(toast: Locator, header: Locator) {
  const t = (await toast.boundingBox())!;
  const h = (await header.boundingBox())!;
  expect(t.y, 'the toast starts below the header').toBeGreaterThanOrEqual(h.y + h.height);
}

test('390×844: a toast sits under the header, in the chat room (name, ⋯ menu) and on home', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { a, b, room } = await pairInRoom(request, 'meet-toast', ['김토스', '이헤더']);
  await useToken(page, a.token);
  await page.goto(`/chatting/${room.chatRoomId}`);
  await page.getByRole('button', { name: '약속 잡기' }).click();
  const sheet = page.getByRole('dialog', { name: '이헤더님과 약속 잡기' });
  const picked = sheet.getByRole('list', { name: '추천 시간' }).getByRole('button').first();
  await expect(picked).toContainText('학생식당');
  await picked.click();
  await sheet.getByRole('button', { name: '약속 제안하기' }).click();
  await expect(sheet).toBeHidden();
  const proposed = page.getByTestId('toast').filter({ hasText: '약속을 제안했어요' });
  await expect(proposed).toBeVisible();
  await expectBelow(proposed, page.locator('header'));
  // While it shows, a tap on the ⋯ menu reaches the menu, not the toast.
  const menu = (await page.getByRole('button', { name: '채팅방 메뉴' }).boundingBox())!;
  const tapped = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.getAttribute('aria-label'),
    [menu.x + menu.width / 2, menu.y + menu.height / 2],
  );
  expect(tapped).toBe('채팅방 메뉴');
  await shoot(page, 'meetups-18-room-toast-below-header');

  const [meetup] = await api<{ meetupId: number }[]>(request, b, 'get', '/api/meetups?scope=upcoming');
  await api(request, b, 'patch', `/api/meetups/${meetup!.meetupId}/confirm`);
  await page.goto('/');
  const upcoming = page.getByRole('region', { name: '다가오는 약속' });
  await Promise.all([page.waitForEvent('download'), upcoming.getByRole('button', { name: '캘린더에 추가' }).click()]);
  const calendar = page.getByTestId('toast').filter({ hasText: '캘린더 파일을 받았어요' });
  await expect(calendar).toBeVisible();
  await expectBelow(calendar, page.locator('header'));
  await shoot(page, 'meetups-19-home-toast-below-header');
});
