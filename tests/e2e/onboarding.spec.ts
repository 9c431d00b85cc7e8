import { expect, test, type Page } from '@playwright/test';
import { E2E_OPERATOR_EMAIL, E2E_URL } from '../../playwright.config';
import { signUpStudent } from './chat-server';
import { expiredAccessToken, shoot, signInThroughLocalPage, uniqueEmail } from './support';

async function expectModal(page: Page, text: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(text);
  await dialog.getByRole('button', { name: '닫기' }).click();
  await expect(dialog).toBeHidden();
}

async function dragAcross(page: Page, from: string, to: string) {
  const a = (await page.getByRole('button', { name: from }).boundingBox())!;
  const b = (await page.getByRole('button', { name: to }).boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
}

test('a new student signs in, completes the profile, reaches home, keeps the session, and logs out', async ({ page }) => {
  const email = uniqueEmail('newbie');

  // Not signed in: every route sends the student to the login screen.
  await page.goto('/my');
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByText('학교 이메일 계정으로 로그인해 주세요')).toBeVisible();
  await shoot(page, 'onboarding');

  await signInThroughLocalPage(page, email, '이런치');
  await expect(page).toHaveURL(/\/onboarding\/profile$/);
  await expect(page.getByRole('heading', { name: '프로필 작성 중' })).toBeVisible();
  const next = page.getByRole('button', { name: '다음' });

  // Step 1: name, suggested from the sign-in page's; an emptied field is refused.
  await expect(page.getByLabel('이름')).toHaveValue('이런치');
  await page.getByLabel('이름').fill('');
  await next.click();
  await expectModal(page, '이름을 입력해주세요.');
  await page.getByLabel('이름').fill('   ');
  await next.click();
  await expectModal(page, '이름을 입력해주세요.');
  await page.getByLabel('이름').fill('이런치');
  await shoot(page, 'wizard-1-name');
  await next.click();

  // Step 2: admission year, last two digits only.
  await next.click();
  await expectModal(page, '학번은 입학년도 끝 두 자리만 작성해주세요.');
  await page.getByLabel('학번').fill('2025');
  await next.click();
  await expectModal(page, '학번은 입학년도 끝 두 자리만 작성해주세요.');
  await page.getByLabel('학번').fill('25');
  await next.click();

  // Step 3: college, then a department of that college.
  await next.click();
  await expectModal(page, '학과를 선택해주세요');
  await page.getByRole('button', { name: /^단과대학/ }).click();
  await page.getByRole('option', { name: '공과대학' }).click();
  await page.getByRole('button', { name: /^학과/ }).click();
  await page.getByRole('option', { name: '컴퓨터정보공학부' }).click();
  await shoot(page, 'wizard-3-department');
  await next.click();

  // Step 4: purpose tags, at most three.
  await next.click();
  await expectModal(page, '태그를 하나 이상 선택해주세요');
  for (const label of ['창업', '취업/진로', '학교생활', '교환학생']) await page.getByRole('button', { name: label }).click();
  await expect(page.getByRole('button', { name: '교환학생' })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('button', { name: '창업' })).toHaveAttribute('aria-pressed', 'true');
  await shoot(page, 'wizard-4-tags');
  await next.click();

  // Step 5: the timetable, press-and-drag.
  await next.click();
  await expectModal(page, '시간표를 선택해주세요');
  await dragAcross(page, '월요일 12:00~13:00', '월요일 14:00~15:00');
  for (const hour of ['12:00~13:00', '13:00~14:00', '14:00~15:00']) {
    await expect(page.getByRole('button', { name: `월요일 ${hour}` })).toHaveAttribute('aria-pressed', 'true');
  }
  await expect(page.getByRole('button', { name: '월요일 15:00~16:00' })).toHaveAttribute('aria-pressed', 'false');
  await shoot(page, 'wizard-5-time');
  await next.click();

  // Welcome splash, then home.
  await expect(page).toHaveURL(/\/onboarding\/complete$/);
  await expect(page.getByText('가톨릭대학교')).toBeVisible();
  await expect(page.getByText(/이런치/)).toBeVisible();
  await shoot(page, 'welcome-splash');
  await expect(page).toHaveURL(/\/$/, { timeout: 8000 });
  await expect(page.getByText('가톨릭대학교').first()).toBeVisible();
  await expect(page.getByRole('navigation')).toBeVisible();
  await shoot(page, 'home');

  // The session survives a reload.
  await page.reload();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('link', { name: '마이' }).click();
  await expect(page).toHaveURL(/\/my$/);
  await expect(page.getByText('이런치')).toBeVisible();
  await expect(page.getByText(/컴퓨터정보공학부/)).toBeVisible();
  await shoot(page, 'my');

  // An expired access token is refreshed without the student noticing.
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const claims = JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString()) as { sub: string; email: string };
  const expired = await expiredAccessToken(Number(claims.sub), claims.email);
  await page.evaluate((t) => localStorage.setItem('accessToken', t), expired);
  await page.reload();
  await expect(page).toHaveURL(/\/my$/);
  await expect(page.getByText('이런치')).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).not.toBe(expired);

  // Logout returns to the login screen, and the app stays closed.
  await page.getByRole('button', { name: '로그아웃' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  await page.goto('/');
  await expect(page).toHaveURL(/\/onboarding$/);
});

test('a student who leaves the profile wizard unfinished is brought back to it, with what was entered', async ({ page, context }) => {
  const email = uniqueEmail('unfinished');
  await signInThroughLocalPage(page, email, '박미완');
  await expect(page).toHaveURL(/\/onboarding\/profile$/);
  const progress = page.getByRole('progressbar', { name: '프로필 작성 단계' });
  await page.getByRole('button', { name: '다음' }).click();
  await page.getByLabel('학번').fill('24');
  await expect(progress).toHaveAttribute('aria-valuenow', '2');

  // A reload keeps the step and what was entered.
  await page.reload();
  await expect(progress).toHaveAttribute('aria-valuenow', '2');
  await expect(page.getByLabel('학번')).toHaveValue('24');
  await shoot(page, 'wizard-after-reload');

  // Closing the installed app and opening it again is a new session (no sessionStorage): the answers are still there.
  const reopened = await context.newPage();
  await reopened.goto('/');
  await expect(reopened).toHaveURL(/\/onboarding\/profile$/);
  await expect(reopened.getByRole('progressbar', { name: '프로필 작성 단계' })).toHaveAttribute('aria-valuenow', '2');
  await expect(reopened.getByLabel('학번')).toHaveValue('24');
  await reopened.close();

  // Reopening the app (its start URL) or typing a tab's address lands on the wizard, not on empty screens.
  for (const path of ['/', '/explore', '/my', '/matching']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/onboarding\/profile$/);
    await expect(page.getByRole('heading', { name: '프로필 작성 중' })).toBeVisible();
  }
  await expect(page.getByLabel('학번')).toHaveValue('24');
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await shoot(page, 'wizard-gate');

  // A session from before the app knew (no mark): the server's AUTH_403_SIGNUP sends the student back.
  await page.evaluate(() => localStorage.removeItem('lunchchat:sign-up-pending'));
  await page.goto('/explore');
  await expect(page).toHaveURL(/\/onboarding\/profile$/);

  // Signed out (here from another tab): the entries are gone; signing in again starts at step 1.
  const other = await context.newPage();
  await other.goto('/onboarding');
  await other.evaluate(() => localStorage.removeItem('accessToken'));
  await other.close();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('lunchchat:profile-draft'))).toBeNull();
  await signInThroughLocalPage(page, email, '박미완');
  await expect(page).toHaveURL(/\/onboarding\/profile$/);
  await expect(progress).toHaveAttribute('aria-valuenow', '1');
  await page.getByRole('button', { name: '다음' }).click();
  await expect(page.getByLabel('학번')).toHaveValue('');
});

test('an existing student goes straight to the welcome splash after signing in', async ({ page, request }) => {
  const email = uniqueEmail('returning', 'ewha.ac.kr');
  const { apiMember } = await import('./support');
  await apiMember(request, email, '김이화');
  await signInThroughLocalPage(page, email, '김이화');
  await expect(page).toHaveURL(/\/onboarding\/complete$/);
  await expect(page.getByText('이화여자대학교')).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 8000 });
});

test('the login callback without a code says Google login failed in a toast on the sign-in screen, not a native alert', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto('/auth/login/google');
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByTestId('toast').filter({ hasText: '구글 로그인에 실패했어요' })).toBeVisible();
  expect(dialogs).toEqual([]);
  await shoot(page, 'sign-in-google-failed');
});

test('a suspended student who signs in again reads why on the sign-in screen, not a generic alert', async ({ page, request }) => {
  const operator = await signUpStudent(request, E2E_URL, E2E_OPERATOR_EMAIL, '운영자');
  const reporter = await signUpStudent(request, E2E_URL, uniqueEmail('signin-reporter'), '박신고');
  const email = uniqueEmail('signin-suspended');
  const target = await signUpStudent(request, E2E_URL, email, '최정지');
  const reported = await request.post(`${E2E_URL}/api/reports`, {
    headers: { authorization: `Bearer ${reporter.token}` },
    data: { targetMemberId: target.memberId, reason: 'SPAM' },
  });
  expect(reported.status(), await reported.text()).toBe(200);
  const { reportId } = (await reported.json()).result as { reportId: number };
  const suspended = await request.patch(`${E2E_URL}/api/admin/reports/${reportId}`, {
    headers: { authorization: `Bearer ${operator.token}` },
    data: { action: 'SUSPEND' },
  });
  expect(suspended.status(), await suspended.text()).toBe(200);

  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await signInThroughLocalPage(page, email, '최정지');
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('alert').filter({ hasText: '운영자에 의해 이용이 정지된 계정이라 로그인할 수 없어요.' })).toBeVisible();
  expect(dialogs).toEqual([]);
  await shoot(page, 'sign-in-suspended');
});
