import { screen, within } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { fail, ok } from './support/helpers';
import { ORIGIN, renderSignedIn } from './support/render-app';

const myPage = {
  profileImageUrl: null,
  name: '김런치',
  studentId: '23',
  department: '컴퓨터정보공학부',
  completed: 4,
  requested: 2,
  received: 7,
  keywords: ['호기심', '창업', '커피'],
  tags: ['STARTUP', 'HOBBY_LEISURE', 'SOMETHING_NEW'],
};

describe('my page', () => {
  it('shows the summary, three counters into /matching, the own-profile link and logout', async () => {
    renderSignedIn('/my', [mswHttp.get(`${ORIGIN}/api/members/mypage`, () => HttpResponse.json(ok(myPage)))]);
    expect(await screen.findByText('김런치')).toBeInTheDocument();
    expect(screen.getByText('23학번 · 컴퓨터정보공학부')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '김런치님의 기본 프로필 사진' })).toBeInTheDocument();
    expect(screen.getByText('키워드:', { exact: false }).closest('p')).toHaveTextContent(/^키워드: 호기심, \| 창업, \| 커피$/);
    const tags = within(screen.getByRole('list', { name: '관심 주제' })).getAllByRole('listitem');
    expect(tags.map((tag) => tag.textContent)).toEqual(['창업', '취미/여가', 'SOMETHING_NEW']);

    const counters = within(screen.getByRole('navigation', { name: '나의 런치챗 현황' })).getAllByRole('link');
    expect(counters.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['7받은 요청', '/matching?selectTab=RECEIVED'],
      ['2보낸 요청', '/matching?selectTab=REQUESTED'],
      ['4매칭 완료', '/matching?selectTab=ACCEPTED'],
    ]);
    expect(screen.getByRole('link', { name: /나의 프로필/ })).toHaveAttribute('href', '/my/profile');
    // 지난 약속 and 만났나요? live on 내 약속: reachable without the notification that links there.
    expect(screen.getByRole('link', { name: /내 약속/ })).toHaveAttribute('href', '/meetups');
    expect(screen.getByRole('button', { name: '로그아웃' })).toBeInTheDocument();
  });

  it('an empty profile shows no keyword or tag rows and zero counters', async () => {
    renderSignedIn('/my', [
      mswHttp.get(`${ORIGIN}/api/members/mypage`, () =>
        HttpResponse.json(ok({ ...myPage, keywords: [], tags: [], completed: 0, requested: 0, received: 0, studentId: '', department: '' })),
      ),
    ]);
    expect(await screen.findByText('김런치')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: '관심 주제' })).not.toBeInTheDocument();
    expect(screen.queryByText(/학번/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /받은 요청/ })).toHaveTextContent('0받은 요청');
  });

  it('a failed load says so, offers a retry and keeps the logout button', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderSignedIn('/my', [mswHttp.get(`${ORIGIN}/api/members/mypage`, () => HttpResponse.json(fail('USER_404', '회원을 찾을 수 없어요.'), { status: 404 }))]);
    expect(await screen.findByText('내 정보를 불러오지 못했어요')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '다시 불러오기' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '로그아웃' })).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('failed to load my page', expect.anything());
    log.mockRestore();
  });
});
