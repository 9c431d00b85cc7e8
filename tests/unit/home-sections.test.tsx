import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Meetup } from '../../contract/meetups';
import { MENTOR_CONFIGS } from '../../contract/mentor';
import { ok } from './support/helpers';
import { card, endedMeetup, meetupLists, ORIGIN, quietRest, renderApp, serverError, stubBrowser } from './support/member-fixtures';
import { server } from './support/msw-server';

// The whole GET /api/mentor answer: home's banner and /monthly-mentor share one cache entry.
const mentor = {
  ...MENTOR_CONFIGS.catholic,
  mentorName: '김다현 멘토',
  mentorSub: '첫 취업 준비, 선배에게 편하게 물어보세요',
  mentorTitle: '식품 기업 마케터',
};

describe('home sections', () => {
  beforeEach(stubBrowser);

  it('shows the carousel, both sliders of member cards, the mentor banner and the intro tiles', async () => {
    server.use(
      mswHttp.get(`${ORIGIN}/api/members/recommendations`, () => HttpResponse.json(ok([card(7, '이하늘')]))),
      mswHttp.get(`${ORIGIN}/api/members/popular`, () => HttpResponse.json(ok([card(8, '박서준'), card(9, '최유진')]))),
      mswHttp.get(`${ORIGIN}/api/mentor`, () => HttpResponse.json(ok(mentor))),
      ...quietRest,
    );
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lunch With Insight!' })).toBeInTheDocument();
    // Below the fold: at the app's start they are built after the first paint, one per frame.
    const recommended = await screen.findByRole('region', { name: '시간표와 관심사가 겹쳐요' });
    const link = await within(recommended).findByRole('link', { name: /이하늘/ });
    expect(link).toHaveAttribute('href', '/profile/7');
    expect(link).toHaveTextContent('컴퓨터정보공학부 · 23학번');
    expect(link).toHaveTextContent('창업');
    // Unknown interest codes are shown raw.
    expect(link).toHaveTextContent('UNKNOWN_CODE');
    const popular = await screen.findByRole('region', { name: '이런 사람은 어때요?' });
    expect(await within(popular).findAllByRole('link')).toHaveLength(2);
    expect(await screen.findByRole('heading', { name: '김다현 멘토' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '지금 신청하기' })).toHaveAttribute('href', '/monthly-mentor');
    const faq = await screen.findByRole('link', { name: /자주 묻는 질문/ });
    expect(faq).toHaveAttribute('target', '_blank');
    expect(faq.getAttribute('rel')).toContain('noopener');
  });

  it('with no mentor saved this month, the banner says it is being prepared and offers no 지금 신청하기', async () => {
    server.use(
      mswHttp.get(`${ORIGIN}/api/members/recommendations`, () => HttpResponse.json(ok([]))),
      mswHttp.get(`${ORIGIN}/api/members/popular`, () => HttpResponse.json(ok([]))),
      mswHttp.get(`${ORIGIN}/api/mentor`, () => HttpResponse.json(ok({ ...mentor, configured: false }))),
      ...quietRest,
    );
    renderApp('/');
    const banner = await screen.findByRole('region', { name: '이번 달 멘토를 준비하고 있어요' });
    expect(within(banner).getByText('이달의 커피챗 멘토')).toBeInTheDocument();
    expect(within(banner).queryByText('김다현 멘토')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '지금 신청하기' })).not.toBeInTheDocument();
  });

  it('each failing section stays empty and is logged, the mentor banner falls back to the default config, the rest of home still shows', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      mswHttp.get(`${ORIGIN}/api/members/recommendations`, serverError),
      mswHttp.get(`${ORIGIN}/api/members/popular`, () => HttpResponse.json(ok([]))),
      mswHttp.get(`${ORIGIN}/api/mentor`, serverError),
      ...quietRest,
    );
    renderApp('/');
    const recommended = await screen.findByRole('region', { name: '시간표와 관심사가 겹쳐요' });
    await waitFor(() => expect(log).toHaveBeenCalledWith('failed to load recommended users', expect.anything()));
    expect(within(recommended).queryByRole('link')).toBeNull();
    expect(within(await screen.findByRole('region', { name: '이런 사람은 어때요?' })).queryByRole('link')).toBeNull();
    expect(await screen.findByRole('heading', { name: '최민재 멘토' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '지금 신청하기' })).toHaveAttribute('href', '/monthly-mentor');
    expect(await screen.findByRole('link', { name: /서비스 소개/ })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /교환학생/ })[0]).toHaveAttribute('href', '/explore?interest=EXCHANGE_STUDENT');
  });

  it('다가오는 약속 offers 전체 보기 (내 약속), and a lunch that is over and unanswered asks "이준호님과 만났나요?" there', async () => {
    const ended = endedMeetup();
    const answered: Meetup = { ...ended, meetupId: 30, partner: { id: 13, memberName: '박답함' }, myCheckin: { met: true, compliments: [] } };
    server.use(
      meetupLists(() => ({ past: [ended, answered] })),
      ...quietRest,
    );
    renderApp('/');
    const section = await screen.findByRole('region', { name: '다가오는 약속' });
    expect(within(section).getByRole('link', { name: '전체 보기' })).toHaveAttribute('href', '/meetups');
    const ask = await within(section).findByRole('button', { name: /이준호님과 만났나요\?/ });
    // Only the one still owed an answer.
    expect(within(section).queryByText(/박답함/)).toBeNull();
    fireEvent.click(ask);
    const sheet = await screen.findByRole('dialog', { name: '만났나요?' });
    expect(sheet).toHaveTextContent('이준호님과의 약속');
    expect(within(sheet).getByRole('button', { name: '네, 만났어요' })).toBeInTheDocument();
  });
});
