import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_URL } from '../../playwright.config';
import { apiMember, shoot, uniqueEmail, useToken, type ApiMember } from './support';
import { localSignInToken } from './local-sign-in';

/**
 * Every route of the spec at 390×844: axe-core (WCAG 2 A and AA rules) must find no serious or
 * critical violation, and each state leaves a screenshot in tests/e2e/screenshots/.
 */

async function audit(page: Page, name: string): Promise<void> {
  await shoot(page, name);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
  expect(blocking, `axe on ${name}`).toEqual([]);
  expect(await unreachableControls(page), `keyboard reachability on ${name}`).toEqual([]);
}

/**
 * Visible, enabled controls taken out of the tab order (tabindex -1) outside a composite widget
 * (whose roving tabindex keeps one item reachable and moves with the arrow keys).
 */
function unreachableControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="link"], [role="checkbox"], [role="switch"], [role="tab"]';
    const composite = '[role="listbox"], [role="grid"], [role="tablist"], [role="radiogroup"], [role="menu"], [role="toolbar"], [role="tree"]';
    return Array.from(document.querySelectorAll<HTMLElement>(selector))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) return false;
        if (element.closest('[aria-hidden="true"], [inert]')) return false;
        if ((element as HTMLButtonElement).disabled) return false;
        return element.tabIndex < 0 && !element.closest(composite);
      })
      .map((element) => element.outerHTML.slice(0, 160));
  });
}

/** Signs in through the local IdP without signing up: a new user on the wizard. */
async function newUserToken(request: APIRequestContext, email: string, name: string): Promise<string> {
  return localSignInToken(request, E2E_URL, email, name);
}

const auth = (member: ApiMember) => ({ authorization: `Bearer ${member.token}` });

let me: ApiMember;
let friend: ApiMember;
let stranger: ApiMember;
let roomId: number;

test.beforeAll(async ({ request }) => {
  me = await apiMember(request, uniqueEmail('a11y-me'), '김접근');
  friend = await apiMember(request, uniqueEmail('a11y-friend'), '이친구');
  stranger = await apiMember(request, uniqueEmail('a11y-stranger'), '박요청');
  // An ACCEPTED match with a room, and a pending request to me (a notification of each type).
  expect((await request.post(`${E2E_URL}/api/matches`, { headers: auth(me), data: { toMemberId: friend.memberId } })).status()).toBe(200);
  expect((await request.patch(`${E2E_URL}/api/matches/accept/${me.memberId}`, { headers: auth(friend) })).status()).toBe(200);
  expect((await request.post(`${E2E_URL}/api/matches`, { headers: auth(stranger), data: { toMemberId: me.memberId } })).status()).toBe(200);
  const opened = await request.post(`${E2E_URL}/api/chatrooms?friendId=${friend.memberId}`, { headers: auth(me) });
  expect(opened.status()).toBe(200);
  roomId = (await opened.json()).result.chatRoomId;
  await request.patch(`${E2E_URL}/api/members/keywords`, {
    headers: auth(me),
    data: {
      keywords: [
        { type: 'EXPRESS', title: '호기심', description: '새로운 사람을 만나는 걸 좋아해요.' },
        { type: 'GOAL', title: '창업', description: '졸업 전에 작은 서비스를 만들어 보고 싶어요.' },
        { type: 'INTEREST', title: '커피', description: '학교 근처 카페를 다 가 봤어요.' },
      ],
    },
  });
});

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

async function signedIn(page: Page, path: string, member: ApiMember = me): Promise<void> {
  await useToken(page, member.token);
  await page.goto(path);
  await page.waitForLoadState('networkidle');
}

test('/onboarding', async ({ page }) => {
  await page.goto('/onboarding');
  await expect(page.getByText('학교 이메일 계정으로 로그인해 주세요')).toBeVisible();
  await page.waitForTimeout(600);
  await audit(page, 'a11y-onboarding');
});

test('/onboarding with a suspension notice (a 7-day 정지 signed the app out)', async ({ page }) => {
  // As the app leaves it when a timed suspension ends the session (signed-out-reason.ts).
  await page.addInitScript(() => {
    sessionStorage.setItem('lunchchat:signed-out-reason', 'AUTH_403_DISABLED');
    sessionStorage.setItem('lunchchat:signed-out-until', '2026-12-14T06:00:00.000Z');
  });
  await page.goto('/onboarding');
  await expect(page.getByRole('alert')).toContainText('이용이 정지된 계정이에요');
  await expect(page.getByText('학교 이메일 계정으로 로그인해 주세요')).toBeVisible();
  await page.waitForTimeout(600);
  await audit(page, 'a11y-onboarding-suspended');
});

test('/onboarding/profile, every step', async ({ page, request }) => {
  const token = await newUserToken(request, uniqueEmail('a11y-new'), '최신입');
  await useToken(page, token);
  await page.goto('/onboarding/profile');
  const next = page.getByRole('button', { name: '다음' });
  await expect(page.getByRole('heading', { name: '프로필 작성 중' })).toBeVisible();
  await page.getByLabel('이름').fill('최신입');
  await audit(page, 'a11y-onboarding-profile-1-name');
  await next.click();
  await page.getByLabel('학번').fill('25');
  await audit(page, 'a11y-onboarding-profile-2-student-no');
  await next.click();
  await page.getByRole('button', { name: /^단과대학/ }).click();
  await audit(page, 'a11y-onboarding-profile-3-department-open');
  await page.getByRole('option').first().click();
  await page.getByRole('button', { name: /^학과/ }).click();
  await page.getByRole('option').first().click();
  await audit(page, 'a11y-onboarding-profile-3-department');
  await next.click();
  await page.getByRole('button', { name: '창업' }).click();
  await audit(page, 'a11y-onboarding-profile-4-tags');
  await next.click();
  await page.getByRole('button', { name: '월요일 12:00~13:00' }).click();
  await audit(page, 'a11y-onboarding-profile-5-time');
  await next.click();
  await expect(page).toHaveURL(/\/onboarding\/complete/);
});

test('/onboarding/complete', async ({ page }) => {
  await useToken(page, me.token);
  await page.goto('/onboarding/complete');
  await expect(page.getByText(/김접근/)).toBeVisible();
  await audit(page, 'a11y-onboarding-complete');
});

test('/ (home)', async ({ page }) => {
  await signedIn(page, '/');
  await audit(page, 'a11y-home');
});

test('/alarm', async ({ page }) => {
  await signedIn(page, '/alarm');
  await expect(page.getByRole('heading', { name: '런치챗 요청 알림' })).toBeVisible();
  await expect(page.getByText('박요청님이 런치챗을 요청했어요!')).toBeVisible();
  await audit(page, 'a11y-alarm');
  await page.getByText('박요청님이 런치챗을 요청했어요!').click();
  await expect(page).toHaveURL(/\/matching\?selectTab=RECEIVED/);
});

test('/chatting', async ({ page }) => {
  await signedIn(page, '/chatting');
  await audit(page, 'a11y-chatting');
});

test('/chatting/{id}', async ({ page }) => {
  await signedIn(page, `/chatting/${roomId}`);
  await expect(page.getByRole('textbox')).toBeVisible();
  await page.waitForTimeout(500);
  await audit(page, 'a11y-chatting-room');
});

test('/explore and its sheets', async ({ page }) => {
  await signedIn(page, '/explore');
  await audit(page, 'a11y-explore');
  for (const [name, label] of [
    ['department', /학과/],
    ['student-no', /학번/],
  ] as const) {
    const opener = page.getByRole('button', { name: label }).first();
    if ((await opener.count()) === 0) {
      test.info().annotations.push({ type: 'missing', description: `no ${name} filter button on /explore` });
      continue;
    }
    await opener.click();
    await page.waitForTimeout(400);
    await audit(page, `a11y-explore-sheet-${name}`);
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    if (await page.getByRole('dialog').count()) await page.goto('/explore');
  }
});

for (const tab of ['RECEIVED', 'REQUESTED', 'ACCEPTED'] as const) {
  test(`/matching?selectTab=${tab}`, async ({ page }) => {
    await signedIn(page, `/matching?selectTab=${tab}`);
    await audit(page, `a11y-matching-${tab.toLowerCase()}`);
  });
}

test('/my', async ({ page }) => {
  await signedIn(page, '/my');
  await expect(page.getByRole('link', { name: /받은 요청/ })).toBeVisible();
  await audit(page, 'a11y-my');
});

test('/my/profile', async ({ page }) => {
  await signedIn(page, '/my/profile');
  await audit(page, 'a11y-my-profile');
});

test('/profile/{id}', async ({ page }) => {
  await signedIn(page, `/profile/${friend.memberId}`);
  await audit(page, 'a11y-profile');
});

test('/monthly-mentor', async ({ page }) => {
  await signedIn(page, '/monthly-mentor');
  await expect(page.getByRole('heading', { name: '커피챗 신청하기' })).toBeVisible();
  await audit(page, 'a11y-monthly-mentor');
  await page.getByRole('button', { name: '신청하기' }).click();
  await expect(page.getByText('휴대폰 번호는 010-1234-5678 형식으로 입력해 주세요.')).toBeVisible();
  await audit(page, 'a11y-monthly-mentor-invalid');
});

test('/my/edit-tag', async ({ page }) => {
  await signedIn(page, '/my/edit-tag');
  await expect(page.getByRole('button', { name: '창업' })).toHaveAttribute('aria-pressed', 'true');
  await audit(page, 'a11y-my-edit-tag');
});

test('/my/edit-keyword', async ({ page }) => {
  await signedIn(page, '/my/edit-keyword');
  await expect(page.getByRole('textbox', { name: '키워드' }).first()).toHaveValue('호기심');
  await audit(page, 'a11y-my-edit-keyword');
});

test('/my/edit-time', async ({ page }) => {
  await signedIn(page, '/my/edit-time');
  await expect(page.getByRole('button', { name: '월요일 12:00~13:00' })).toHaveAttribute('aria-pressed', 'true');
  await audit(page, 'a11y-my-edit-time');
});
