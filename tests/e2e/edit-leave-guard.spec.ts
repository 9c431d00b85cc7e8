import { expect, test, type Page } from '@playwright/test';
import { E2E_URL } from '../../playwright.config';
import { apiMember, shoot, uniqueEmail, useToken, type ApiMember } from './support';

/**
 * The edit pages under 마이페이지 (키워드 수정, 관심사 수정, 시간표 수정) hold a navigation away while
 * they have unsaved changes and ask in the app's own dialog; an untouched or saved page leaves at once.
 */

const LEAVE = '수정한 내용이 저장되지 않았어요. 나갈까요?';
let me: ApiMember;

test.beforeAll(async ({ request }) => {
  me = await apiMember(request, uniqueEmail('edit-guard'), '김수정');
  const keywords = [
    { type: 'EXPRESS', title: '호기심', description: '새로운 사람을 만나는 걸 좋아해요.' },
    { type: 'GOAL', title: '창업', description: '졸업 전에 서비스를 만들고 싶어요.' },
    { type: 'INTEREST', title: '커피', description: '카페 투어를 좋아해요.' },
  ];
  const res = await request.patch(`${E2E_URL}/api/members/keywords`, { headers: { authorization: `Bearer ${me.token}` }, data: { keywords } });
  expect(res.status(), await res.text()).toBe(200);
});

/** 마이 → 나의 프로필 → 키워드 수정, tapped through as a student does (each a history entry). */
async function openKeywordEditor(page: Page) {
  await useToken(page, me.token);
  await page.goto('/my');
  await page.getByRole('link', { name: '나의 프로필' }).click();
  await page.getByRole('link', { name: '키워드 수정' }).click();
  await expect(page).toHaveURL(/\/my\/edit-keyword$/);
  const title = page.getByRole('group', { name: '지금의 나를 표현하는 키워드' }).getByRole('textbox', { name: '키워드' });
  await expect(title).toHaveValue('호기심');
  return title;
}

test('the header back after editing a keyword asks; 계속 수정 keeps the edit, 나가기 leaves without saving', async ({ page }) => {
  const title = await openKeywordEditor(page);
  await title.fill('사교왕');

  await page.getByRole('button', { name: '뒤로 가기' }).click();
  const dialog = page.getByRole('dialog', { name: LEAVE });
  await expect(dialog).toBeVisible();
  await shoot(page, 'edit-leave-guard-dialog');
  await dialog.getByRole('button', { name: '계속 수정' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/my\/edit-keyword$/);
  await expect(title).toHaveValue('사교왕');

  await page.getByRole('button', { name: '뒤로 가기' }).click();
  await dialog.getByRole('button', { name: '나가기' }).click();
  await expect(page).toHaveURL(/\/my\/profile$/);
  await expect(page.getByText('사교왕')).toHaveCount(0);
  await expect(page.getByText('호기심').first()).toBeVisible();
});

test("the system back is held the same way, and the page's history is kept when the student stays", async ({ page }) => {
  const title = await openKeywordEditor(page);
  await title.fill('사교왕');

  await page.goBack();
  const dialog = page.getByRole('dialog', { name: LEAVE });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '계속 수정' }).click();
  await expect(page).toHaveURL(/\/my\/edit-keyword$/);
  await expect(title).toHaveValue('사교왕');

  await page.goBack();
  await dialog.getByRole('button', { name: '나가기' }).click();
  await expect(page).toHaveURL(/\/my\/profile$/);
  await expect(page.getByRole('link', { name: '키워드 수정' })).toBeVisible();
});

test('a reload with unsaved changes gets the browser leave prompt; untouched or saved pages leave at once', async ({ page }) => {
  const title = await openKeywordEditor(page);

  // Nothing changed: back leaves without a word.
  await page.getByRole('button', { name: '뒤로 가기' }).click();
  await expect(page).toHaveURL(/\/my\/profile$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('link', { name: '키워드 수정' }).click();
  await title.fill('사교왕');
  const prompts: string[] = [];
  page.on('dialog', (prompt) => {
    prompts.push(prompt.type());
    void prompt.dismiss();
  });
  // Dismissing the browser's prompt keeps the page, with the edit.
  await page.reload({ timeout: 3000 }).catch(() => {});
  await expect.poll(() => prompts).toEqual(['beforeunload']);
  await expect(title).toHaveValue('사교왕');

  await page.getByRole('button', { name: '저장하기' }).click();
  await expect(page).toHaveURL(/\/my\/profile$/);
  await expect(page.getByText('사교왕', { exact: true })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(prompts).toEqual(['beforeunload']);
});
