import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { TIMETABLE_EMPTY_MESSAGE } from '../../contract/timetable-values';
import { validateKeywords } from '../../src/features/profile-edit';
import { fail, ok } from './support/helpers';
import { ORIGIN, renderSignedIn } from './support/render-app';

const me = {
  profileImageUrl: null,
  memberName: '김런치',
  studentNo: '23',
  department: '컴퓨터정보공학부',
  userInterests: ['STARTUP'],
  userKeywords: [],
  timeTables: [{ dayOfWeek: 'MON', startTime: '12:00', endTime: '13:00', subjectName: '' }],
};
const getMe = (body: unknown = me) => mswHttp.get(`${ORIGIN}/api/members/me`, () => HttpResponse.json(ok(body)));
const keywords = [
  { id: 1, type: 'EXPRESS', title: '호기심', description: '새로운 사람을 만나는 걸 좋아해요.' },
  { id: 2, type: 'GOAL', title: '창업', description: '졸업 전에 서비스를 만들고 싶어요.' },
  { id: 3, type: 'INTEREST', title: '커피', description: '카페 투어를 좋아해요.' },
];

describe('edit tags', () => {
  it('starts from the saved tags, allows at most 3, and sends 1-based ids', async () => {
    const bodies: unknown[] = [];
    const { router } = renderSignedIn('/my/edit-tag', [
      getMe(),
      mswHttp.patch(`${ORIGIN}/api/members/me/tags`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(ok('INTERESTS_UPDATE_SUCCESS'));
      }),
    ]);
    const startup = await screen.findByRole('button', { name: '창업' });
    expect(startup).toHaveAttribute('aria-pressed', 'true');
    for (const label of ['교환학생', '학교생활', '취미/여가']) fireEvent.click(screen.getByRole('button', { name: label }));
    expect(screen.getByRole('button', { name: '교환학생' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '학교생활' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '취미/여가' })).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(screen.getByRole('button', { name: '저장하기' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/profile'));
    expect(bodies).toEqual([{ interestIds: [4, 1, 8] }]);
  });

  it('asks for at least one tag', async () => {
    renderSignedIn('/my/edit-tag', [getMe()]);
    fireEvent.click(await screen.findByRole('button', { name: '창업' }));
    fireEvent.click(screen.getByRole('button', { name: '저장하기' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('관심 주제를 1개 이상 골라 주세요.');
  });

  it('shows the server message when saving fails', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderSignedIn('/my/edit-tag', [
      getMe(),
      mswHttp.patch(`${ORIGIN}/api/members/me/tags`, () =>
        HttpResponse.json(fail('USER_400_INTEREST', '관심사는 최대 3개까지 고를 수 있어요.'), { status: 400 }),
      ),
    ]);
    await screen.findByRole('button', { name: '창업' });
    fireEvent.click(screen.getByRole('button', { name: '저장하기' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('관심사는 최대 3개까지 고를 수 있어요.');
    log.mockRestore();
  });

  it('a failed load says so and cannot save', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderSignedIn('/my/edit-tag', [mswHttp.get(`${ORIGIN}/api/members/me`, () => HttpResponse.json(fail('USER_404', '없어요'), { status: 404 }))]);
    expect(await screen.findByRole('alert')).toHaveTextContent('저장된 정보를 불러오지 못했어요.');
    expect(screen.getByRole('button', { name: '저장하기' })).toBeDisabled();
    log.mockRestore();
  });
});

describe('edit keywords', () => {
  it('validates title (1–5) and description (1–100)', () => {
    const draft = {
      EXPRESS: { title: '호기심', description: '설명' },
      GOAL: { title: '창업', description: '설명' },
      INTEREST: { title: '커피', description: '설명' },
    };
    expect(validateKeywords(draft)).toBeNull();
    expect(validateKeywords({ ...draft, GOAL: { title: ' ', description: '설명' } })).toBe("'요즘 나의 목표 키워드'를 입력해 주세요.");
    expect(validateKeywords({ ...draft, GOAL: { title: '여섯글자다요', description: '설명' } })).toBe('키워드는 5자 이하로 입력해 주세요.');
    expect(validateKeywords({ ...draft, INTEREST: { title: '커피', description: '' } })).toBe("'요즘 가장 큰 관심사 키워드'의 설명을 입력해 주세요.");
    expect(validateKeywords({ ...draft, INTEREST: { title: '커피', description: '가'.repeat(101) } })).toBe('설명은 100자 이하로 입력해 주세요.');
  });

  it('prefills, fills a title from the AI suggestion and saves all three', async () => {
    const saved: unknown[] = [];
    const { router } = renderSignedIn('/my/edit-keyword', [
      mswHttp.get(`${ORIGIN}/api/members/keywords`, () => HttpResponse.json(ok(keywords))),
      mswHttp.post(`${ORIGIN}/api/members/keywordAI`, async ({ request }) => {
        expect(await request.json()).toEqual({ description: '새로운 사람을 만나는 걸 좋아해요.' });
        return HttpResponse.json(ok({ keyword: '사교왕' }));
      }),
      mswHttp.patch(`${ORIGIN}/api/members/keywords`, async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json(ok('KEYWORDS_UPDATE_SUCCESS'));
      }),
    ]);
    const express = await screen.findByRole('group', { name: '지금의 나를 표현하는 키워드' });
    expect(within(express).getByRole('textbox', { name: '키워드' })).toHaveValue('호기심');
    fireEvent.click(within(express).getByRole('button', { name: /AI 추천/ }));
    await waitFor(() => expect(within(express).getByRole('textbox', { name: '키워드' })).toHaveValue('사교왕'));
    fireEvent.click(screen.getByRole('button', { name: '저장하기' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/profile'));
    expect(saved).toEqual([
      {
        keywords: [
          { type: 'EXPRESS', title: '사교왕', description: '새로운 사람을 만나는 걸 좋아해요.' },
          { type: 'GOAL', title: '창업', description: '졸업 전에 서비스를 만들고 싶어요.' },
          { type: 'INTEREST', title: '커피', description: '카페 투어를 좋아해요.' },
        ],
      },
    ]);
  });

  it('empty keywords: the AI button asks for a description first, saving names the missing field', async () => {
    const suggest = vi.fn();
    renderSignedIn('/my/edit-keyword', [
      mswHttp.get(`${ORIGIN}/api/members/keywords`, () => HttpResponse.json(ok([]))),
      mswHttp.post(`${ORIGIN}/api/members/keywordAI`, () => (suggest(), HttpResponse.json(ok({ keyword: 'x' })))),
    ]);
    const goal = await screen.findByRole('group', { name: '요즘 나의 목표 키워드' });
    fireEvent.click(within(goal).getByRole('button', { name: /AI 추천/ }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('AI 추천을 받으려면 설명을 먼저 입력해 주세요.');
    expect(suggest).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '닫기' }));
    fireEvent.click(screen.getByRole('button', { name: '저장하기' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent("'지금의 나를 표현하는 키워드'를 입력해 주세요.");
  });

  it('a failed load says so', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderSignedIn('/my/edit-keyword', [mswHttp.get(`${ORIGIN}/api/members/keywords`, () => HttpResponse.json(fail('USER_404', '없어요'), { status: 404 }))]);
    expect(await screen.findByRole('alert')).toHaveTextContent('저장된 정보를 불러오지 못했어요.');
    log.mockRestore();
  });
});

describe('edit time', () => {
  it('starts from the saved slots and saves the changed timetable', async () => {
    const saved: unknown[] = [];
    const { router } = renderSignedIn('/my/edit-time', [
      getMe(),
      mswHttp.patch(`${ORIGIN}/api/timetables`, async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json(ok('TIMETABLE_UPDATE_SUCCESS'));
      }),
    ]);
    const monday = await screen.findByRole('button', { name: '월요일 12:00~13:00' });
    expect(monday).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: '화요일 15:00~16:00' }), { detail: 0 });
    fireEvent.click(screen.getByRole('button', { name: '저장하기' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/profile'));
    expect(saved).toEqual([
      {
        timeTableList: [
          { dayOfWeek: 'MON', startTime: '12:00', endTime: '13:00', subjectName: '' },
          { dayOfWeek: 'TUE', startTime: '15:00', endTime: '16:00', subjectName: '' },
        ],
      },
    ]);
  });

  it("deselecting every slot is refused on the device with the server's message, and nothing is sent", async () => {
    const sent: unknown[] = [];
    renderSignedIn('/my/edit-time', [
      getMe(),
      mswHttp.patch(`${ORIGIN}/api/timetables`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(fail('TIMETABLE_400', '시간표가 올바르지 않아요.', { timeTableList: TIMETABLE_EMPTY_MESSAGE }), { status: 400 });
      }),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: '월요일 12:00~13:00' }), { detail: 0 });
    expect(screen.getByRole('button', { name: '월요일 12:00~13:00' })).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(screen.getByRole('button', { name: '저장하기' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('시간표를 선택해주세요');
    // Give a request that should not exist the time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual([]);
  });

  it('a refused save shows the server message', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderSignedIn('/my/edit-time', [
      getMe(),
      mswHttp.patch(`${ORIGIN}/api/timetables`, () => HttpResponse.json(fail('TIMETABLE_400', '시간표 형식이 올바르지 않아요.'), { status: 400 })),
    ]);
    expect(await screen.findByRole('button', { name: '월요일 12:00~13:00' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: '저장하기' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('시간표 형식이 올바르지 않아요.');
    log.mockRestore();
  });
});
