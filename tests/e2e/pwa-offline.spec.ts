import { expect, test } from '@playwright/test';
import { E2E_URL } from '../../playwright.config';
import { apiMember, cacheSaved, shoot, uniqueEmail, useToken, workerReady } from './support';

const OFFLINE_BANNER = '오프라인 상태예요. 저장된 내용을 보여 드려요.';

test('offline after a reload: home, explore, a profile, the chat list and a room show what was seen, with the offline banner', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(120_000);
  const me = await apiMember(request, uniqueEmail('pwa-off-a'), '오프라인나');
  const friend = await apiMember(request, uniqueEmail('pwa-off-b'), '오프친구');
  const asMe = { authorization: `Bearer ${me.token}` };
  const asFriend = { authorization: `Bearer ${friend.token}` };
  expect((await request.post(`${E2E_URL}/api/matches`, { headers: asMe, data: { toMemberId: friend.memberId } })).status()).toBe(200);
  expect((await request.patch(`${E2E_URL}/api/matches/accept/${me.memberId}`, { headers: asFriend })).status()).toBe(200);
  const opened = await request.post(`${E2E_URL}/api/chatrooms?friendId=${friend.memberId}`, { headers: asMe });
  const roomId = ((await opened.json()) as { result: { chatRoomId: number } }).result.chatRoomId;

  await useToken(page, me.token);
  // Online: visit every screen once (the worker precaches the app; the query cache is persisted).
  await page.goto('/');
  await workerReady(page);
  // Home's recommendations are seen online before leaving, so they are what offline must show.
  await expect(page.getByRole('link', { name: / 프로필 보기$/ }).first()).toBeVisible();
  await cacheSaved(page, (json) => json.includes('"recommendations"]') && json.includes('"memberId"'));
  await page.goto('/explore');
  await expect(page.getByRole('heading', { name: '둘러보기' }).first()).toBeVisible();
  const exploreCard = page.getByRole('link', { name: / 프로필 보기$/ }).first();
  await expect(exploreCard).toBeVisible();
  const exploreName = (await exploreCard.getAttribute('aria-label'))!;
  await cacheSaved(page, (json) => json.includes('"filters"'));
  await page.goto(`/profile/${friend.memberId}`);
  await expect(page.getByText('오프친구').first()).toBeVisible();
  await cacheSaved(page, (json) => json.includes(`"detail",${friend.memberId}]`));
  await page.goto('/chatting');
  await expect(page.getByText('오프친구').first()).toBeVisible();
  await page.goto(`/chatting/${roomId}`);
  const text = `오프라인에서도 보여요 ${Date.now().toString(36)}`;
  await expect(page.getByRole('textbox', { name: '메시지' })).toBeVisible();
  await expect(page.getByText('채팅방에 연결 중이에요...')).toBeHidden({ timeout: 20_000 });
  await page.getByRole('textbox', { name: '메시지' }).fill(text);
  await page.getByRole('button', { name: '보내기' }).click();
  await expect(page.getByText(text)).toBeVisible();
  // Stored by the server (the outbox entry is gone once acknowledged): it must come from the cache.
  await expect
    .poll(async () => JSON.stringify(await (await request.get(`${E2E_URL}/api/chatrooms/${roomId}/messages?size=20`, { headers: asMe })).json()))
    .toContain(text);
  // The room's messages and the chat list's last message are both in the persisted cache.
  await cacheSaved(page, (json) => json.includes(`"content":"${text}"`) && json.includes(`"lastMessage":"${text}"`));

  await context.setOffline(true);
  const banner = page.getByText(OFFLINE_BANNER);

  await page.reload();
  await expect(banner).toBeVisible();
  await expect(page.getByText(text)).toBeVisible();
  await shoot(page, 'pwa-offline-room');

  await page.goto('/chatting');
  await expect(banner).toBeVisible();
  await expect(page.getByText('오프친구').first()).toBeVisible();
  await expect(page.getByText(text).first()).toBeVisible();
  await shoot(page, 'pwa-offline-chat-list');

  await page.goto(`/profile/${friend.memberId}`);
  await expect(banner).toBeVisible();
  await expect(page.getByText('오프친구').first()).toBeVisible();
  await shoot(page, 'pwa-offline-profile');

  await page.goto('/explore');
  await expect(banner).toBeVisible();
  await expect(page.getByRole('link', { name: exploreName })).toBeVisible();
  await shoot(page, 'pwa-offline-explore');

  await page.goto('/');
  await expect(banner).toBeVisible();
  await expect(page.getByRole('link', { name: '런치챗 홈' })).toBeVisible();
  // The recommendations seen online (persisted) are listed again.
  await expect(page.getByRole('link', { name: / 프로필 보기$/ }).first()).toBeVisible();
  await shoot(page, 'pwa-offline-home');

  await context.setOffline(false);
  await expect(banner).toBeHidden();
});

test('a match request made offline is kept as pending across a reload and sent once back online', async ({ page, request, context }) => {
  test.setTimeout(90_000);
  const me = await apiMember(request, uniqueEmail('pwa-req-a'), '오프요청');
  const target = await apiMember(request, uniqueEmail('pwa-req-b'), '받을사람');
  await useToken(page, me.token);
  await page.goto('/');
  await workerReady(page);
  await page.goto(`/profile/${target.memberId}`);
  await expect(page.getByText('받을사람').first()).toBeVisible();
  await cacheSaved(page, (json) => json.includes(`"detail",${target.memberId}]`));

  await context.setOffline(true);
  await page.getByRole('button', { name: '런치챗 보내기' }).click();
  await expect(page.getByRole('button', { name: '수락 대기 중' })).toBeVisible();
  await expect(page.getByText('오프라인 — 연결되면 보낼게요')).toBeVisible();
  await cacheSaved(page, (json) => json.includes('"mutationKey":["matches","request"]'));

  await page.reload();
  await expect(page.getByText(OFFLINE_BANNER)).toBeVisible();
  await expect(page.getByRole('button', { name: '수락 대기 중' })).toBeVisible();
  await expect(page.getByText('오프라인 — 연결되면 보낼게요')).toBeVisible();
  await shoot(page, 'pwa-offline-match-pending');

  await context.setOffline(false);
  await expect(page.getByText('오프라인 — 연결되면 보낼게요')).toBeHidden();
  const sent = async () => {
    const res = await request.get(`${E2E_URL}/api/matches?status=REQUESTED&page=0&size=10`, { headers: { authorization: `Bearer ${me.token}` } });
    return JSON.stringify(await res.json());
  };
  await expect.poll(sent).toContain('받을사람');
  await expect(page.getByRole('button', { name: '수락 대기 중' })).toBeVisible();
});
