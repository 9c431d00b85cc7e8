import { readFileSync } from 'node:fs';
import { parse as parseCsv } from 'csv-parse/sync';
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { E2E_OPERATOR_EMAIL, E2E_URL } from '../../playwright.config';
import { matchAndOpenRoom, sayOverStomp, signUpStudent, studentContext, type Student } from './chat-server';
import { shoot, signInThroughLocalPage, uniqueEmail } from './support';

/** Operators work on a laptop: 1280×800, not a phone. */
async function operatorContext(browser: Browser, operator: Student): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: E2E_URL,
    viewport: { width: 1280, height: 800 },
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    acceptDownloads: true,
  });
  await context.addInitScript((token) => {
    if (!localStorage.getItem('accessToken')) localStorage.setItem('accessToken', token);
  }, operator.token);
  return context;
}

/** Counts the requests of `method` whose path matches `path`, from now on. */
function countRequests(page: Page, method: string, path: RegExp): { readonly count: number } {
  const counter = { count: 0 };
  page.on('request', (r) => {
    if (r.method() === method && path.test(new URL(r.url()).pathname)) counter.count += 1;
  });
  return counter;
}

/** A PNG by its first bytes, which is what the upload checks. */
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex'), Buffer.alloc(64, 7)]);

async function universityIdOf(request: Parameters<typeof signUpStudent>[0], op: Student, name: string): Promise<number> {
  const res = await request.get(`${E2E_URL}/api/admin/universities`, { headers: { authorization: `Bearer ${op.token}` } });
  return ((await res.json()) as { result: { universityId: number; name: string }[] }).result.find((u) => u.name === name)!.universityId;
}

/** Today in Seoul, `YYYY-MM-DD` (the console's dates are Seoul dates). */
const seoulToday = () => new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
const seoulMonth = () => seoulToday().slice(0, 7);

/** Wholly inside the window, as boundingBox measures it after any scrolling the app did. */
async function inViewport(page: Page, locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  expect(box && size).toBeTruthy();
  if (!box || !size) return;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(size.height);
}

let operator: Student | undefined;
async function theOperator(request: Parameters<typeof signUpStudent>[0]): Promise<Student> {
  operator ??= await signUpStudent(request, E2E_URL, E2E_OPERATOR_EMAIL, '운영자');
  return operator;
}

test('an operator edits this month’s mentor and a student of that university sees it', async ({ browser, request }) => {
  const op = await theOperator(request);
  const context = await operatorContext(browser, op);
  const page = await context.newPage();
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: '런치챗 운영' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '이달의 멘토' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('학교').selectOption({ label: '가톨릭대' });
  const name = `정하늘 멘토 ${Date.now().toString(36).slice(-4)}`;
  const form = page.getByRole('form', { name: '멘토 정보 편집' });
  // 저장하기 sits at the bottom of a long form: a refused 멘토 이름 far above it takes focus and comes into view.
  await form.getByLabel('멘토 이름').fill('');
  await form.getByRole('button', { name: '저장하기' }).click();
  await expect(form.getByLabel('멘토 이름')).toBeFocused();
  await expect(form.getByLabel('멘토 이름')).toHaveAccessibleDescription('멘토 이름을 입력해 주세요.');
  await inViewport(page, form.getByText('멘토 이름을 입력해 주세요.'));
  await shoot(page, 'admin-mentor-invalid-1280');
  await form.getByLabel('멘토 이름').fill(name);
  await form.getByLabel('장소').fill('학생회관 2층 세미나실');
  await form.getByLabel('정원').fill('40');
  // The banner goes through the ordinary upload flow; the stored file's URL is what gets saved.
  await form.getByLabel('배너 이미지').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByText(/\/files\/profile\/[0-9a-f-]{36}\.png$/)).toBeVisible();
  // The preview is the students' mentor page, updated while typing.
  const preview = page.getByRole('complementary', { name: '학생 화면 미리보기' });
  await expect(preview.getByRole('heading', { name })).toBeVisible();
  await form.getByLabel('정원').fill('0');
  await form.getByRole('button', { name: '저장하기' }).click();
  await expect(form.getByText('정원은 1명 이상이어야 해요.')).toBeVisible();
  await form.getByLabel('정원').fill('40');
  // The session date is a day of this month with its real weekday: 8 September 2026 is a Tuesday.
  await form.getByLabel('날짜').fill('9월 8일 (목)');
  await form.getByRole('button', { name: '저장하기' }).click();
  await expect(form.getByText(/^(\d+)월 멘토의 날짜는 \1월 안에서 입력해 주세요\.$/)).toBeVisible();
  const [year, month] = seoulMonth().split('-').map(Number) as [number, number];
  const sessionDate = `${month}월 20일 (${'일월화수목금토'[new Date(Date.UTC(year, month - 1, 20)).getUTCDay()]})`;
  // Without the weekday it is added, as students will read it.
  await form.getByLabel('날짜').fill(sessionDate.replace(/ \(.\)$/, ''));
  // A double click saves once.
  const saves = countRequests(page, 'PUT', /^\/api\/admin\/universities\/\d+\/mentor$/);
  await form.getByRole('button', { name: '저장하기' }).dblclick();
  await expect(page.getByRole('status').filter({ hasText: '멘토 정보를 저장했어요' })).toBeVisible();
  await expect(form.getByRole('button', { name: '저장하기' })).toBeEnabled();
  expect(saves.count).toBe(1);
  await shoot(page, 'admin-mentor-1280');
  // On a phone the editor and its preview stack, and the tabs stay reachable.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('tab', { name: '통계' })).toBeVisible();
  await expect(form.getByLabel('멘토 이름')).toBeInViewport();
  await shoot(page, 'admin-mentor-390');
  await context.close();

  const student = await signUpStudent(request, E2E_URL, uniqueEmail('mentor-student'), '김학생');
  const studentCtx = await studentContext(browser, E2E_URL, student);
  const phone = await studentCtx.newPage();
  await phone.goto('/monthly-mentor');
  await expect(phone.getByRole('heading', { name })).toBeVisible();
  await expect(phone.getByText('학생회관 2층 세미나실')).toBeVisible();
  await expect(phone.getByText(/최대 40명/)).toBeVisible();
  await expect(phone.getByText(sessionDate, { exact: true })).toBeVisible();
  // (This PNG is only a header, so the page shows its fallback banner; the URL is the uploaded one.)
  const seen = await request.get(`${E2E_URL}/api/mentor`, { headers: { authorization: `Bearer ${student.token}` } });
  expect(((await seen.json()) as { result: { bannerImage: string } }).result.bannerImage).toMatch(/\/files\/profile\/[0-9a-f-]{36}\.png$/);
  // No link to the console anywhere a student goes, and /admin itself says it is for operators.
  await phone.goto('/my');
  await expect(phone.locator('a[href^="/admin"]')).toHaveCount(0);
  await phone.goto('/admin');
  await expect(phone.getByText('운영자만 볼 수 있는 화면이에요.')).toBeVisible();
  await studentCtx.close();
});

test('an operator downloads the applications as CSV with the formula defused', async ({ browser, request }) => {
  const op = await theOperator(request);
  const student = await signUpStudent(request, E2E_URL, uniqueEmail('csv-student'), '=HYPERLINK');
  const question = '=1+1 이런 질문, "따옴표"도\n있어요';
  const applied = await request.post(`${E2E_URL}/api/mentor/monthlyM`, {
    headers: { authorization: `Bearer ${student.token}` },
    data: { phone: '010-1234-5678', question },
  });
  expect(applied.status(), await applied.text()).toBe(200);

  const context = await operatorContext(browser, op);
  const page = await context.newPage();
  await page.goto('/admin?tab=applications');
  await page.getByLabel('학교').selectOption({ label: '가톨릭대' });
  await expect(page.getByRole('cell', { name: '=HYPERLINK' })).toBeVisible();
  // The number as people write it, in the table and in the file.
  await expect(page.getByRole('row', { name: /=HYPERLINK/ }).getByRole('cell', { name: '010-1234-5678' })).toBeVisible();
  await shoot(page, 'admin-applications-1280');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV 내려받기' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^멘토신청-가톨릭대-\d{4}-\d{2}\.csv$/);
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = parseCsv(bytes.toString('utf8'), { bom: true }) as string[][];
  expect(rows[0]).toEqual(['신청번호', '회원번호', '이름', '학과', '학번', '휴대폰', '질문', '신청 시각']);
  const mine = rows.find((r) => r[1] === String(student.memberId));
  // 휴대폰 keeps its hyphens (bare digits lose the leading 0 in a spreadsheet app); 신청 시각 is
  // Seoul wall-clock time, as the table shows it, not the stored UTC instant.
  expect(mine?.slice(2, 7)).toEqual(["'=HYPERLINK", expect.any(String), '23', '010-1234-5678', `'${question}`]);
  const json = (await (
    await request.get(`${E2E_URL}/api/admin/mentor-applications?universityId=${await universityIdOf(request, op, '가톨릭대')}&month=${seoulMonth()}`, {
      headers: { authorization: `Bearer ${op.token}` },
    })
  ).json()) as { result: { memberId: number; createdAt: string }[] };
  const createdAt = json.result.find((r) => r.memberId === student.memberId)!.createdAt;
  expect(mine?.[7]).toBe(new Date(Date.parse(createdAt) + 9 * 3600_000).toISOString().slice(0, 16).replace('T', ' '));
  await context.close();
});

test('an operator suspends a reported member and the member’s open app signs out with a Korean message', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const op = await theOperator(request);
  const reporter = await signUpStudent(request, E2E_URL, uniqueEmail('reporter'), '박신고');
  const target = await signUpStudent(request, E2E_URL, uniqueEmail('target'), '최정지');
  const roomId = await matchAndOpenRoom(request, E2E_URL, reporter, target);
  const reported = await request.post(`${E2E_URL}/api/reports`, {
    headers: { authorization: `Bearer ${reporter.token}` },
    data: { targetMemberId: target.memberId, reason: 'HARASSMENT', detail: '채팅에서 욕설을 했어요\n여러 번이요' },
  });
  expect(reported.status(), await reported.text()).toBe(200);

  // The target is in the chat room, socket open.
  const targetCtx = await studentContext(browser, E2E_URL, target);
  const phone = await targetCtx.newPage();
  await phone.goto(`/chatting/${roomId}`);
  await expect(phone.getByRole('textbox', { name: '메시지' })).toBeVisible();
  await expect(phone.getByText('채팅방에 연결 중이에요...')).toBeHidden({ timeout: 20_000 });

  const context = await operatorContext(browser, op);
  const page = await context.newPage();
  await page.goto('/admin?tab=reports');
  const card = page.getByRole('article', { name: '최정지에 대한 신고' });
  await expect(card.getByText('채팅에서 욕설을 했어요')).toBeVisible();
  // The card names the member's university, and 학교 narrows the queue to one campus.
  await expect(card).toContainText('가톨릭대');
  await page.getByLabel('학교').selectOption({ label: '이화여대' });
  await expect(card).toBeHidden();
  await page.getByLabel('학교').selectOption({ label: '가톨릭대' });
  await expect(card).toBeVisible();
  await expect(card.getByText('괴롭힘', { exact: false })).toBeVisible();
  // The detail keeps its line break (what the page shows is its innerText).
  expect(await card.getByText('여러 번이요').evaluate((el) => (el as HTMLElement).innerText)).toBe('채팅에서 욕설을 했어요\n여러 번이요');
  await shoot(page, 'admin-reports-1280');
  await card.getByRole('button', { name: '정지' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '정지' }).click();
  await expect(page.getByRole('status').filter({ hasText: '최정지님을 정지했어요' })).toBeVisible();

  // The open app is signed out at once, and says why in Korean: the dialog's 7일 ends by itself, so until when.
  await expect(phone).toHaveURL(/\/onboarding/, { timeout: 15_000 });
  await expect(phone.getByRole('alert')).toHaveText(
    /^운영자에 의해 \d{4}년 \d{1,2}월 \d{1,2}일 \d\d:\d\d까지 이용이 정지된 계정이에요\. 그 뒤에 다시 로그인해 주세요\.$/,
  );
  await shoot(phone, 'admin-suspended-student-390');

  // The notice is about the list it was given on: 처리 완료 (and back) starts without it.
  await page.getByRole('button', { name: '처리 완료' }).click();
  await expect(page.getByRole('status').filter({ hasText: '정지했어요' })).toHaveCount(0);
  await page.getByRole('button', { name: '처리 전' }).click();
  await expect(page.getByRole('status').filter({ hasText: '정지했어요' })).toHaveCount(0);

  // 정지 해제 from the list of suspended members: a double click sends one request, and its
  // success stays told (a second request would answer 404 over it).
  const suspended = page.getByRole('region', { name: '정지된 회원' });
  await expect(suspended.getByRole('cell', { name: /^최정지 · / })).toBeVisible();
  const reinstates = countRequests(page, 'POST', /^\/api\/admin\/members\/\d+\/reinstate$/);
  await suspended
    .getByRole('row', { name: /최정지/ })
    .getByRole('button', { name: '정지 해제' })
    .dblclick();
  await expect(page.getByRole('status').filter({ hasText: '최정지님의 정지를 해제했어요' })).toBeVisible();
  await expect(page.getByRole('row', { name: /최정지/ })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: '최정지님의 정지를 해제했어요' })).toBeVisible();
  expect(reinstates.count).toBe(1);
  await context.close();
  await targetCtx.close();
});

test('an operator finds a member nobody reported in the app, suspends them with a reason; the log keeps it and an earlier reporter is told', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const op = await theOperator(request);
  const stamp = Date.now().toString(36).slice(-5);
  const noShow = await signUpStudent(request, E2E_URL, uniqueEmail('noshow'), `노쇼${stamp}`);
  const witness = await signUpStudent(request, E2E_URL, uniqueEmail('witness'), '정목격');
  const reported = await request.post(`${E2E_URL}/api/reports`, {
    headers: { authorization: `Bearer ${witness.token}` },
    data: { targetMemberId: noShow.memberId, reason: 'NO_SHOW' },
  });
  expect(reported.status(), await reported.text()).toBe(200);

  const context = await operatorContext(browser, op);
  const page = await context.newPage();
  await page.goto('/admin?tab=members');
  const search = page.getByRole('search', { name: '회원 찾기' });
  await search.getByLabel('이름 또는 이메일').fill(stamp);
  await search.getByRole('button', { name: '찾기' }).click();
  const row = page.getByRole('row', { name: new RegExp(`노쇼${stamp}`) });
  await expect(row).toContainText('활동 중');
  await expect(row).toContainText('1건');
  await expect(page.getByRole('row')).toHaveCount(2);

  // The reason is required: the dialog stays open and says so.
  await row.getByRole('button', { name: `노쇼${stamp}님 정지` }).click();
  const dialog = page.getByRole('dialog', { name: `노쇼${stamp}님을 정지할까요?` });
  await dialog.getByRole('button', { name: '정지' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('정지 사유를 입력해 주세요.');
  await dialog.getByLabel('정지 사유 (기록에 남아요)').fill('동아리 단톡방 제보: 약속 3회 노쇼');
  await shoot(page, 'admin-members-suspend-1280');
  await dialog.getByRole('button', { name: '정지' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: `노쇼${stamp}님을 정지했어요` })).toContainText('처리 전 신고 1건도 닫고');
  await expect(row).toContainText('정지됨');
  await expect(row.getByRole('button', { name: `노쇼${stamp}님 정지 해제` })).toBeVisible();

  // 기록: who did it, to whom, and why.
  await page.getByRole('tab', { name: '기록' }).click();
  const entry = page.getByRole('row', { name: new RegExp(`노쇼${stamp}`) });
  await expect(entry).toContainText('직접 정지');
  await expect(entry).toContainText('동아리 단톡방 제보: 약속 3회 노쇼');
  await expect(entry).toContainText(E2E_OPERATOR_EMAIL);
  await shoot(page, 'admin-audit-1280');

  // The student who reported the no-show hears the outcome from 런치챗 운영팀.
  const witnessCtx = await studentContext(browser, E2E_URL, witness);
  const phone = await witnessCtx.newPage();
  await phone.goto('/alarm');
  const told = phone.getByRole('listitem').filter({ hasText: `신고하신 노쇼${stamp}님을 검토해 이용 정지 조치를 했어요.` });
  await expect(told).toContainText('런치챗 운영팀');
  await shoot(phone, 'alarm-report-outcome-390');
  await context.close();
  await witnessCtx.close();
});

test('an operator chooses 7일 in the 정지 dialog: the lists say until when, and the student who signs in is told when to come back', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const op = await theOperator(request);
  const stamp = Date.now().toString(36).slice(-5);
  const email = uniqueEmail('week');
  await signUpStudent(request, E2E_URL, email, `일주일${stamp}`);

  const context = await operatorContext(browser, op);
  const page = await context.newPage();
  await page.goto('/admin?tab=members');
  const search = page.getByRole('search', { name: '회원 찾기' });
  await search.getByLabel('이름 또는 이메일').fill(stamp);
  await search.getByRole('button', { name: '찾기' }).click();
  const row = page.getByRole('row', { name: new RegExp(`일주일${stamp}`) });
  await row.getByRole('button', { name: `일주일${stamp}님 정지` }).click();
  const dialog = page.getByRole('dialog', { name: `일주일${stamp}님을 정지할까요?` });
  const length = dialog.getByRole('group', { name: '정지 기간' });
  // 7일 is where a 정지 starts; an operator who looked at 영구 and came back chooses 7일.
  await expect(length.getByRole('radio', { name: '7일' })).toBeChecked();
  await length.getByRole('radio', { name: '영구' }).check();
  await expect(dialog).toContainText('운영자가 정지를 해제할 때까지 계속돼요.');
  await length.getByRole('radio', { name: '7일' }).check();
  const weekLater = new Date(Date.now() + 7 * 86_400_000 + 9 * 3_600_000).toISOString().slice(0, 10);
  await expect(dialog).toContainText(`${weekLater} `);
  await expect(dialog).toContainText('자동으로 해제돼요.');
  await dialog.getByLabel('정지 사유 (기록에 남아요)').fill('약속 2회 노쇼');
  await shoot(page, 'admin-suspend-length-1280');
  await dialog.getByRole('button', { name: '정지' }).click();
  await expect(dialog).toBeHidden();
  const until = new RegExp(`${weekLater} \\d\\d:\\d\\d까지`);
  await expect(page.getByRole('status').filter({ hasText: `일주일${stamp}님을 정지했어요` })).toContainText(until);
  await expect(row).toContainText('정지됨');
  await expect(row).toContainText(until);
  await shoot(page, 'admin-members-until-1280');
  // What the server stored: seven days from now, not 영구 or 30일.
  const listed = await request.get(`${E2E_URL}/api/admin/members/suspended`, { headers: { authorization: `Bearer ${op.token}` } });
  const mine = ((await listed.json()) as { result: { memberName: string; suspendedUntil: string | null }[] }).result.find(
    (m) => m.memberName === `일주일${stamp}`,
  );
  expect(Math.abs(Date.parse(mine!.suspendedUntil!) - Date.now() - 7 * 86_400_000)).toBeLessThan(120_000);

  // 신고 tab: the suspended list says when it ends.
  await page.getByRole('tab', { name: '신고' }).click();
  const suspended = page.getByRole('region', { name: '정지된 회원' });
  await expect(suspended.getByRole('row', { name: new RegExp(`일주일${stamp}`) })).toContainText(until);
  await shoot(page, 'admin-suspended-until-1280');
  // 기록: the length beside the reason.
  await page.getByRole('tab', { name: '기록' }).click();
  await expect(page.getByRole('row', { name: new RegExp(`일주일${stamp}`) }).first()).toContainText('7일 · 약속 2회 노쇼');
  await context.close();

  // The student tries to sign in: told until when, on a phone.
  const phoneCtx = await browser.newContext({ baseURL: E2E_URL, viewport: { width: 390, height: 844 }, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  const phone = await phoneCtx.newPage();
  await signInThroughLocalPage(phone, email, `일주일${stamp}`);
  await expect(phone).toHaveURL(/\/onboarding$/);
  const [y, m, d] = weekLater.split('-').map(Number);
  await expect(phone.getByRole('alert')).toHaveText(
    new RegExp(`^운영자에 의해 ${y}년 ${m}월 ${d}일 \\d\\d:\\d\\d까지 이용이 정지된 계정이에요\\. 그 뒤에 다시 로그인해 주세요\\.$`),
  );
  await shoot(phone, 'sign-in-suspended-until-390');
  await phoneCtx.close();
});

test('a student in a chat room when an operator suspends them for 7일 is signed out and told at once until when', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const op = await theOperator(request);
  const friend = await signUpStudent(request, E2E_URL, uniqueEmail('friend'), '김친구');
  const target = await signUpStudent(request, E2E_URL, uniqueEmail('inroom'), '이정지');
  const roomId = await matchAndOpenRoom(request, E2E_URL, friend, target);
  const targetCtx = await studentContext(browser, E2E_URL, target);
  const phone = await targetCtx.newPage();
  await phone.goto(`/chatting/${roomId}`);
  await expect(phone.getByRole('textbox', { name: '메시지' })).toBeVisible();
  await expect(phone.getByText('채팅방에 연결 중이에요...')).toBeHidden({ timeout: 20_000 });

  const suspended = await request.post(`${E2E_URL}/api/admin/members/${target.memberId}/suspend`, {
    headers: { authorization: `Bearer ${op.token}` },
    data: { reason: '약속 2회 노쇼', days: 7 },
  });
  expect(suspended.status(), await suspended.text()).toBe(200);
  // The end in Seoul time, as the sign-in refusal writes it.
  const end = new Date(Date.parse(((await suspended.json()) as { result: { suspendedUntil: string } }).result.suspendedUntil) + 9 * 3_600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  const until = `${end.getUTCFullYear()}년 ${end.getUTCMonth() + 1}월 ${end.getUTCDate()}일 ${two(end.getUTCHours())}:${two(end.getUTCMinutes())}`;

  await expect(phone).toHaveURL(/\/onboarding/, { timeout: 15_000 });
  await expect(phone.getByRole('alert')).toHaveText(`운영자에 의해 ${until}까지 이용이 정지된 계정이에요. 그 뒤에 다시 로그인해 주세요.`);
  await shoot(phone, 'signed-out-suspended-until-390');
  await targetCtx.close();
});

test('the 회원 tab lists everyone 50 at a time with 더 보기, each member once; a search starts again from its first page', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const op = await theOperator(request);
  // The e2e server seeds 120 demo members: more than one page.
  const total = async () => {
    let count = 0;
    let cursor = '';
    for (;;) {
      const res = await request.get(`${E2E_URL}/api/admin/members?size=100${cursor}`, { headers: { authorization: `Bearer ${op.token}` } });
      const page = ((await res.json()) as { result: { entries: { memberId: number; openReports: number }[]; hasNext: boolean } }).result;
      count += page.entries.length;
      const last = page.entries.at(-1);
      if (!page.hasNext || !last) return count;
      cursor = `&after=${last.memberId}&afterReports=${last.openReports}`;
    }
  };
  const everyone = await total();
  expect(everyone).toBeGreaterThan(100);

  const context = await operatorContext(browser, op);
  const page = await context.newPage();
  await page.goto('/admin?tab=members');
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(51);
  const more = page.getByRole('button', { name: '더 보기' });
  await expect(more).toBeVisible();
  await shoot(page, 'admin-members-page1-1280');
  await more.click();
  await expect(rows).toHaveCount(101);
  await more.scrollIntoViewIfNeeded();
  await shoot(page, 'admin-members-more-1280');
  while (await more.isVisible()) {
    const shown = await rows.count();
    await more.click();
    await expect.poll(() => rows.count()).toBeGreaterThan(shown);
  }
  await expect(rows).toHaveCount(everyone + 1);
  const emails = await rows.evaluateAll((trs) => trs.slice(1).map((tr) => tr.querySelector('td')?.textContent?.split(' · ').at(-1)));
  expect(new Set(emails).size).toBe(everyone);
  await rows.last().scrollIntoViewIfNeeded();
  await shoot(page, 'admin-members-last-1280');

  // A search is a list of its own, from its first page.
  const search = page.getByRole('search', { name: '회원 찾기' });
  await search.getByLabel('이름 또는 이메일').fill(E2E_OPERATOR_EMAIL);
  await search.getByRole('button', { name: '찾기' }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(E2E_OPERATOR_EMAIL);
  await expect(more).toBeHidden();
  await context.close();
});

test('a stale 무시 on a member another operator just suspended is refused, said so, and the lists show what happened', async ({ browser, request }) => {
  const op = await theOperator(request);
  const reporter = await signUpStudent(request, E2E_URL, uniqueEmail('stale-reporter'), '이신고');
  const target = await signUpStudent(request, E2E_URL, uniqueEmail('stale-target'), '한발늦');
  const reported = await request.post(`${E2E_URL}/api/reports`, {
    headers: { authorization: `Bearer ${reporter.token}` },
    data: { targetMemberId: target.memberId, reason: 'SPAM', detail: '광고를 보내요' },
  });
  expect(reported.status(), await reported.text()).toBe(200);
  const reportId = ((await reported.json()) as { result: { reportId: number } }).result.reportId;

  const context = await operatorContext(browser, op);
  const page = await context.newPage();
  await page.goto('/admin?tab=reports');
  const card = page.getByRole('article', { name: '한발늦에 대한 신고' });
  await expect(card.getByText('광고를 보내요')).toBeVisible();
  // Another operator's console suspends the member; this page has not reloaded.
  const other = await request.patch(`${E2E_URL}/api/admin/reports/${reportId}`, {
    headers: { authorization: `Bearer ${op.token}` },
    data: { action: 'SUSPEND' },
  });
  expect(other.status(), await other.text()).toBe(200);

  await card.getByRole('button', { name: '무시' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '무시' }).click();
  await expect(page.getByRole('status').filter({ hasText: '이미 처리된 신고예요.' })).toBeVisible();
  // Both lists are fetched again: the report is no longer open, the member is among the suspended.
  await expect(card).toHaveCount(0);
  await expect(page.getByRole('region', { name: '정지된 회원' }).getByRole('row', { name: /한발늦/ })).toBeVisible();
  await shoot(page, 'admin-reports-stale-1280');
  // Its decision stays the 정지.
  await page.getByRole('button', { name: '처리 완료' }).click();
  await expect(page.getByRole('article', { name: '한발늦에 대한 신고' }).getByText('신고자 이신고')).toContainText('· 정지');
  await context.close();
});

/** Records every text drawn on a canvas (uPlot draws its axis labels there), read with `drawnTexts`. */
async function recordCanvasText(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const texts: string[] = [];
    (window as unknown as { drawnTexts: string[] }).drawnTexts = texts;
    const fillText = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (this: CanvasRenderingContext2D, ...args: Parameters<typeof fillText>) {
      texts.push(String(args[0]));
      return fillText.apply(this, args);
    };
  });
}

/** The texts drawn since the last call (clears them). */
const drawnTexts = (page: Page) => page.evaluate(() => (window as unknown as { drawnTexts: string[] }).drawnTexts.splice(0));

const ENGLISH_DATE = /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b|\d(am|pm)\b/;
const dayLabel = (day: string) => `${Number(day.slice(5, 7))}월 ${Number(day.slice(8, 10))}일`;
const shiftDay = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

test('the statistics tab draws charts with the numbers beside them, dated in Korean', async ({ browser, request }) => {
  const op = await theOperator(request);
  const context = await operatorContext(browser, op);
  await recordCanvasText(context);
  const page = await context.newPage();
  await page.goto('/admin?tab=stats');
  const table = page.getByRole('table', { name: '일별 통계' });
  await expect(table).toBeVisible();
  await expect(page.getByRole('img', { name: /메시지 차트/ })).toBeVisible();
  await expect(page.locator('canvas')).toHaveCount(4);
  await expect(table.locator('tbody tr')).toHaveCount(30);
  // 30 days: day labels ("11월 26일"), no English month or am/pm.
  let texts = await drawnTexts(page);
  expect(
    texts.some((t) => /^\d{1,2}월 \d{1,2}일$/.test(t)),
    texts.join(' | '),
  ).toBe(true);
  expect(texts.filter((t) => ENGLISH_DATE.test(t))).toEqual([]);
  // Counts: whole numbers on the y axis (uPlot's default steps drew 0.2, 0.4 … under a maximum of 1).
  expect(texts.filter((t) => /^\d*\.\d+$/.test(t))).toEqual([]);
  // The hover legend names the day in Korean.
  const over = page.locator('.u-over').first();
  const box = (await over.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.locator('.u-legend').first().locator('.u-series').first().locator('.u-value')).toHaveText(
    /^\d{4}년 \d{1,2}월 \d{1,2}일 \([일월화수목금토]\)$/,
  );
  await shoot(page, 'admin-stats-1280');

  // A year: month labels, the year named where it starts ("2026년 1월").
  const to = seoulToday();
  await page.getByLabel('시작일').fill(shiftDay(to, -365));
  await expect(table.locator('tbody tr')).toHaveCount(366);
  await expect.poll(async () => (texts = await drawnTexts(page)).length).toBeGreaterThan(0);
  expect(
    texts.some((t) => /^\d{1,2}월$/.test(t)),
    texts.join(' | '),
  ).toBe(true);
  expect(
    texts.some((t) => /^\d{4}년 \d{1,2}월$/.test(t)),
    texts.join(' | '),
  ).toBe(true);
  expect(texts.filter((t) => ENGLISH_DATE.test(t))).toEqual([]);
  expect(texts.filter((t) => /^\d*\.\d+$/.test(t))).toEqual([]);
  await page.mouse.move(0, 0);
  await shoot(page, 'admin-stats-year-1280');

  // One day (시작일 = 종료일): the day in the middle, and no other day on the axis.
  await page.getByLabel('시작일').fill(to);
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect.poll(async () => (texts = await drawnTexts(page)).length).toBeGreaterThan(0);
  const dateLabels = new Set(texts.filter((t) => /[월년]|[A-Z][a-z]{2}|^\d{4}$/.test(t)));
  expect([...dateLabels].sort()).toEqual([dayLabel(to), `${to.slice(0, 4)}년`].sort());
  const oneDay = (await page.locator('.u-over').first().boundingBox())!;
  await page.mouse.move(oneDay.x + oneDay.width / 4, oneDay.y + oneDay.height / 2);
  const point = (await page.locator('.u-cursor-pt').first().boundingBox())!;
  expect(Math.abs(point.x + point.width / 2 - (oneDay.x + oneDay.width / 2))).toBeLessThan(3);
  await shoot(page, 'admin-stats-one-day-1280');
  await context.close();
});

test('an operator edits a campus’s meetup places: add, reorder, delete, a blank name refused, saved in order', async ({ browser, request }) => {
  const op = await theOperator(request);
  const context = await operatorContext(browser, op);
  const page = await context.newPage();
  await page.goto('/admin?tab=places');
  await expect(page.getByRole('tab', { name: '장소' })).toHaveAttribute('aria-selected', 'true');
  // 한국항공대: the other specs' students are at 가톨릭대, whose suggestions stay as seeded.
  await page.getByLabel('학교').selectOption({ label: '한국항공대' });
  const form = page.getByRole('form', { name: '장소 편집' });
  await expect(form.getByRole('heading', { name: '한국항공대 약속 장소' })).toBeVisible();
  await expect(form.getByLabel('1번째 장소', { exact: true })).toHaveValue('학생식당');
  const before = await form.getByRole('listitem').count();

  await form.getByRole('button', { name: '장소 추가' }).click();
  await form.getByRole('button', { name: '저장' }).click();
  await expect(form.getByText('장소 이름을 입력해 주세요.')).toBeVisible();
  const added = form.getByLabel(`${before + 1}번째 장소`, { exact: true });
  await added.fill('항공우주박물관 앞');
  // Up to the top, one step at a time; then the old second (학생식당, now) goes.
  for (let i = before + 1; i > 1; i -= 1) await form.getByRole('button', { name: `${i}번째 장소를 위로` }).click();
  await expect(form.getByLabel('1번째 장소', { exact: true })).toHaveValue('항공우주박물관 앞');
  await form.getByRole('button', { name: '2번째 장소 삭제' }).click();
  // A double click saves once.
  const saves = countRequests(page, 'PUT', /^\/api\/admin\/universities\/\d+\/places$/);
  await form.getByRole('button', { name: '저장' }).dblclick();
  await expect(page.getByRole('status').filter({ hasText: `한국항공대 장소 ${before}곳을 저장했어요` })).toBeVisible();
  await expect(form.getByRole('button', { name: '저장' })).toBeEnabled();
  expect(saves.count).toBe(1);
  await shoot(page, 'admin-places-1280');

  const universities = (await (await request.get(`${E2E_URL}/api/admin/universities`, { headers: { Authorization: `Bearer ${op.token}` } })).json()) as {
    result: { universityId: number; name: string }[];
  };
  const kau = universities.result.find((u) => u.name === '한국항공대')!;
  const stored = (await (
    await request.get(`${E2E_URL}/api/admin/universities/${kau.universityId}/places`, { headers: { Authorization: `Bearer ${op.token}` } })
  ).json()) as {
    result: { places: string[] };
  };
  expect(stored.result.places[0]).toBe('항공우주박물관 앞');
  expect(stored.result.places).not.toContain('학생식당');
  expect(stored.result.places).toHaveLength(before);
  await context.close();
});

test('a 정지 takes the lunch off the partner’s home and says so; the operator’s own row offers no 정지', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const op = await theOperator(request);
  const stamp = Date.now().toString(36).slice(-5);
  const minji = await signUpStudent(request, E2E_URL, uniqueEmail('minji'), `김민지${stamp}`);
  const partner = await signUpStudent(request, E2E_URL, uniqueEmail('lunch'), '이확정');
  await matchAndOpenRoom(request, E2E_URL, minji, partner);
  const as = (s: Student) => ({ authorization: `Bearer ${s.token}` });
  const matches = (await (await request.get(`${E2E_URL}/api/matches?status=ACCEPTED`, { headers: as(minji) })).json()) as {
    result: { data: { id: number }[] };
  };
  const startsAt = new Date(Math.ceil((Date.now() + 3 * 3600_000) / 60_000) * 60_000).toISOString();
  const proposed = await request.post(`${E2E_URL}/api/matches/${matches.result.data[0]!.id}/meetups`, {
    headers: as(minji),
    data: { startsAt, place: '학생식당' },
  });
  expect(proposed.status(), await proposed.text()).toBe(200);
  const { meetupId } = ((await proposed.json()) as { result: { meetupId: number } }).result;
  expect((await request.patch(`${E2E_URL}/api/meetups/${meetupId}/confirm`, { headers: as(partner) })).status()).toBe(200);

  // The partner's phone shows the lunch on home, its member queue subscribed.
  const phoneCtx = await studentContext(browser, E2E_URL, partner);
  const phone = await phoneCtx.newPage();
  let subscribed = false;
  phone.on('websocket', (ws) => ws.on('framesent', (f) => (subscribed ||= String(f.payload).includes('/sub/members/me'))));
  await phone.goto('/');
  const card = phone.getByRole('region', { name: '다가오는 약속' }).getByRole('article', { name: `김민지${stamp}님과의 약속` });
  await expect(card).toContainText('확정');
  await expect.poll(() => subscribed).toBe(true);

  // The operator's console: their own row says why there is no 정지; the member is suspended.
  const context = await operatorContext(browser, op);
  const page = await context.newPage();
  await page.goto('/admin?tab=members');
  const search = page.getByRole('search', { name: '회원 찾기' });
  await search.getByLabel('이름 또는 이메일').fill(E2E_OPERATOR_EMAIL);
  await search.getByRole('button', { name: '찾기' }).click();
  const own = page.getByRole('row', { name: new RegExp(E2E_OPERATOR_EMAIL) });
  await expect(own).toContainText('본인 계정은 정지할 수 없어요.');
  await expect(own.getByRole('button')).toHaveCount(0);
  await shoot(page, 'admin-members-own-row-1280');
  await search.getByLabel('이름 또는 이메일').fill(`김민지${stamp}`);
  await search.getByRole('button', { name: '찾기' }).click();
  await page
    .getByRole('row', { name: new RegExp(`김민지${stamp}`) })
    .getByRole('button', { name: `김민지${stamp}님 정지` })
    .click();
  const dialog = page.getByRole('dialog', { name: `김민지${stamp}님을 정지할까요?` });
  await expect(dialog).toContainText('잡혀 있던 약속은 취소돼 상대에게 알림이 가요.');
  await dialog.getByLabel('정지 사유 (기록에 남아요)').fill('동아리 단톡방 제보');
  await dialog.getByRole('button', { name: '정지' }).click();
  await expect(dialog).toBeHidden();

  // The partner's open app says so and the lunch leaves home, without a reload.
  await expect(phone.getByText(`김민지${stamp}님과의 약속이 취소되었어요.`)).toBeVisible();
  await expect(card).toBeHidden();
  await shoot(phone, 'suspend-partner-home-390');
  await phone.goto('/alarm');
  await expect(phone.getByRole('link').filter({ hasText: `김민지${stamp}님과의 약속이 취소되었어요.` })).toBeVisible();
  await context.close();
  await phoneCtx.close();
});

test('an operator reads a reported message in the conversation around it, and is offered no 정지 on a report against themself', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const op = await theOperator(request);
  const stamp = Date.now().toString(36).slice(-4);
  const reporter = await signUpStudent(request, E2E_URL, uniqueEmail('ctx-reporter'), `한대화${stamp}`);
  const target = await signUpStudent(request, E2E_URL, uniqueEmail('ctx-target'), `문맥${stamp}`);
  const roomId = await matchAndOpenRoom(request, E2E_URL, reporter, target);

  // The two chat, as their apps would (STOMP SENDs, each stored before the next).
  const chat: [Student, string][] = [
    [reporter, '이번 주 점심 언제 괜찮아요?'],
    [target, '왜 자꾸 연락해요'],
    [target, '한 번만 더 보내면 가만 안 둬요'],
    [reporter, '네? 무슨 말씀이세요'],
    [target, '경고했어요'],
  ];
  for (const [who, content] of chat) await sayOverStomp(E2E_URL, who, roomId, [content]);
  const asReporter = { authorization: `Bearer ${reporter.token}` };
  const messages = (await (await request.get(`${E2E_URL}/api/chatrooms/${roomId}/messages`, { headers: asReporter })).json()) as {
    result: { data: { id: { value: string }; content: string }[] };
  };
  const threat = messages.result.data.find((m) => m.content === '한 번만 더 보내면 가만 안 둬요')!.id.value;
  const reported = await request.post(`${E2E_URL}/api/reports`, {
    headers: asReporter,
    data: { targetMemberId: target.memberId, reason: 'HARASSMENT', messageId: threat },
  });
  expect(reported.status(), await reported.text()).toBe(200);

  // A colleague of the operator's campus reports the operator.
  const colleague = await signUpStudent(request, E2E_URL, uniqueEmail('ctx-colleague', 'umc.example'), `동료${stamp}`);
  const own = await request.post(`${E2E_URL}/api/reports`, {
    headers: { authorization: `Bearer ${colleague.token}` },
    data: { targetMemberId: op.memberId, reason: 'OTHER', detail: '운영자를 신고해 봐요' },
  });
  expect(own.status(), await own.text()).toBe(200);

  const context = await operatorContext(browser, op);
  const page = await context.newPage();
  await page.goto('/admin?tab=reports');
  const card = page.getByRole('article', { name: `문맥${stamp}에 대한 신고` });
  const transcript = card.getByRole('list', { name: '신고된 메시지 앞뒤 대화' });
  await expect(transcript.getByRole('listitem')).toHaveCount(5);
  for (const [i, [who, content]] of chat.entries()) {
    const line = transcript.getByRole('listitem').nth(i);
    await expect(line).toContainText(content);
    await expect(line).toContainText(who === reporter ? `한대화${stamp} · 신고자` : `문맥${stamp} · 신고 대상`);
  }
  await expect(transcript.getByRole('listitem').filter({ hasText: '신고된 메시지' })).toHaveCount(1);
  await expect(transcript.getByRole('listitem').nth(2)).toContainText('신고된 메시지');
  // The reporter's lines on one side, the target's on the other, as in a chat.
  const left = async (i: number) => (await transcript.getByRole('listitem').nth(i).getByRole('paragraph').boundingBox())!.x;
  expect(await left(0)).toBeGreaterThan(await left(1));
  await card.scrollIntoViewIfNeeded();
  await shoot(page, 'admin-report-context-1280');

  // The operator's own card: 무시 only, and why there is no 정지.
  const ownCard = page.getByRole('article', { name: '운영자에 대한 신고' });
  await expect(ownCard).toContainText('본인 계정은 정지할 수 없어요.');
  await expect(ownCard.getByRole('button', { name: '정지' })).toHaveCount(0);
  await ownCard.scrollIntoViewIfNeeded();
  await shoot(page, 'admin-report-own-1280');
  // Left as it was found for the other tests: the report against the operator is dismissed.
  await ownCard.getByRole('button', { name: '무시' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '무시' }).click();
  await expect(ownCard).toBeHidden();
  await context.close();
});

test('a report card with a long conversation is short until 대화 전체 보기, the reported line always in it', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const op = await theOperator(request);
  const stamp = Date.now().toString(36).slice(-4);
  const reporter = await signUpStudent(request, E2E_URL, uniqueEmail('long-reporter'), `긴대화${stamp}`);
  const target = await signUpStudent(request, E2E_URL, uniqueEmail('long-target'), `긴문맥${stamp}`);
  const roomId = await matchAndOpenRoom(request, E2E_URL, reporter, target);

  // Eleven lines, each a long paragraph (as the room sends them: the server keeps five either side).
  const long = (n: number) => `${n}번째 메시지예요. ${'이번 주 점심 약속 얘기를 길게 이어서 하고 있어요. '.repeat(8)}`;
  const threat = '한 번만 더 보내면 가만 안 둬요';
  for (let n = 0; n < 11; n++) await sayOverStomp(E2E_URL, n % 2 === 0 ? reporter : target, roomId, [n === 5 ? threat : long(n)]);
  const asReporter = { authorization: `Bearer ${reporter.token}` };
  const messages = (await (await request.get(`${E2E_URL}/api/chatrooms/${roomId}/messages`, { headers: asReporter })).json()) as {
    result: { data: { id: { value: string }; content: string }[] };
  };
  const messageId = messages.result.data.find((m) => m.content === threat)!.id.value;
  const reported = await request.post(`${E2E_URL}/api/reports`, {
    headers: asReporter,
    data: { targetMemberId: target.memberId, reason: 'HARASSMENT', messageId },
  });
  expect(reported.status(), await reported.text()).toBe(200);

  const context = await operatorContext(browser, op);
  const page = await context.newPage();
  await page.goto('/admin?tab=reports');
  const card = page.getByRole('article', { name: `긴문맥${stamp}에 대한 신고` });
  const transcript = card.getByRole('list', { name: '신고된 메시지 앞뒤 대화' });
  const toggle = card.getByRole('button', { name: '대화 전체 보기 (메시지 11개)' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  // Collapsed: the reported line and two either side, the neighbours cut short; the whole card
  // fits in the 800 px window with room to spare.
  await expect(transcript.getByRole('listitem')).toHaveCount(5);
  const reportedLine = transcript.getByRole('listitem').filter({ hasText: '신고된 메시지' });
  await expect(reportedLine).toContainText(threat);
  await card.scrollIntoViewIfNeeded();
  await expect(reportedLine.getByRole('paragraph')).toBeInViewport({ ratio: 1 });
  const collapsed = (await card.boundingBox())!.height;
  expect(collapsed).toBeLessThan(800);
  await shoot(page, 'admin-report-long-collapsed-1280');

  // From the keyboard: the whole conversation, and back.
  await toggle.focus();
  await page.keyboard.press('Enter');
  const collapse = card.getByRole('button', { name: '대화 접기' });
  await expect(collapse).toHaveAttribute('aria-expanded', 'true');
  await expect(transcript.getByRole('listitem')).toHaveCount(11);
  await expect(transcript.getByRole('listitem').first()).toContainText('0번째 메시지예요.');
  const expanded = (await card.boundingBox())!.height;
  expect(expanded).toBeGreaterThan(collapsed * 2);
  await shoot(page, 'admin-report-long-expanded-1280');

  await collapse.focus();
  await page.keyboard.press('Space');
  await expect(transcript.getByRole('listitem')).toHaveCount(5);
  expect((await card.boundingBox())!.height).toBeCloseTo(collapsed, 0);
  // The toggle stays in sight after the text it hid is gone.
  await expect(toggle).toBeInViewport();
  await expect(toggle).toBeFocused();

  // Left as it was found for the other tests.
  await card.getByRole('button', { name: '무시' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '무시' }).click();
  await expect(card).toBeHidden();
  await context.close();
});
