import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ok } from './support/helpers';
import { ORIGIN, renderSignedIn } from './support/render-app';

const me = {
  profileImageUrl: null,
  memberName: '김런치',
  studentNo: '23',
  department: '컴퓨터정보공학부',
  userInterests: ['STARTUP'],
  userKeywords: [],
  // A two-hour slot as stored: the grid reports it as two one-hour cells.
  timeTables: [{ dayOfWeek: 'MON', startTime: '12:00', endTime: '14:00', subjectName: '' }],
};
const getMe = () => mswHttp.get(`${ORIGIN}/api/members/me`, () => HttpResponse.json(ok(me)));
const keywords = [
  { id: 1, type: 'EXPRESS', title: '호기심', description: '새로운 사람을 만나는 걸 좋아해요.' },
  { id: 2, type: 'GOAL', title: '창업', description: '졸업 전에 서비스를 만들고 싶어요.' },
  { id: 3, type: 'INTEREST', title: '커피', description: '카페 투어를 좋아해요.' },
];
const getKeywords = () => mswHttp.get(`${ORIGIN}/api/members/keywords`, () => HttpResponse.json(ok(keywords)));
const LEAVE_TEXT = '수정한 내용이 저장되지 않았어요. 나갈까요?';
const back = () => fireEvent.click(screen.getByRole('button', { name: '뒤로 가기' }));
/** Lets a navigation that was not blocked finish, and one that is blocked show its dialog. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('leaving an edit page with unsaved changes', () => {
  it('keyword: the header back asks first; 계속 수정 keeps the edit, 나가기 leaves', async () => {
    const { router } = renderSignedIn('/my/edit-keyword', [getKeywords()]);
    const express = await screen.findByRole('group', { name: '지금의 나를 표현하는 키워드' });
    fireEvent.change(within(express).getByRole('textbox', { name: '키워드' }), { target: { value: '사교왕' } });

    back();
    const dialog = await screen.findByRole('dialog', { name: LEAVE_TEXT });
    fireEvent.click(within(dialog).getByRole('button', { name: '계속 수정' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await settle();
    expect(router.state.location.pathname).toBe('/my/edit-keyword');
    expect(within(express).getByRole('textbox', { name: '키워드' })).toHaveValue('사교왕');

    back();
    fireEvent.click(within(await screen.findByRole('dialog', { name: LEAVE_TEXT })).getByRole('button', { name: '나가기' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/profile'));
  });

  it('any in-app navigation is held the same way (a tab, a toast that opens a room)', async () => {
    const { router } = renderSignedIn('/my/edit-tag', [getMe()]);
    fireEvent.click(await screen.findByRole('button', { name: '교환학생' }));
    void router.navigate({ to: '/my' });
    await screen.findByRole('dialog', { name: LEAVE_TEXT });
    expect(router.state.location.pathname).toBe('/my/edit-tag');
    fireEvent.click(screen.getByRole('button', { name: '나가기' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my'));
  });

  it('nothing changed (or changed back): leaves without asking', async () => {
    const { router } = renderSignedIn('/my/edit-tag', [getMe()]);
    fireEvent.click(await screen.findByRole('button', { name: '교환학생' }));
    fireEvent.click(screen.getByRole('button', { name: '교환학생' }));
    back();
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/profile'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('timetable: the stored two-hour slot toggled off and on again is no change; another cell is', async () => {
    const { router } = renderSignedIn('/my/edit-time', [getMe()]);
    const cell = await screen.findByRole('button', { name: '월요일 13:00~14:00' });
    expect(cell).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(cell, { detail: 0 });
    fireEvent.click(cell, { detail: 0 });
    void router.navigate({ to: '/' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('dialog')).toBeNull();

    void router.navigate({ to: '/my/edit-time' });
    fireEvent.click(await screen.findByRole('button', { name: '화요일 15:00~16:00' }), { detail: 0 });
    back();
    await screen.findByRole('dialog', { name: LEAVE_TEXT });
    expect(router.state.location.pathname).toBe('/my/edit-time');
  });

  it('a successful save leaves without asking', async () => {
    const { router } = renderSignedIn('/my/edit-time', [
      getMe(),
      mswHttp.patch(`${ORIGIN}/api/timetables`, () => HttpResponse.json(ok('TIMETABLE_UPDATE_SUCCESS'))),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: '화요일 15:00~16:00' }), { detail: 0 });
    fireEvent.click(screen.getByRole('button', { name: '저장하기' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/profile'));
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
