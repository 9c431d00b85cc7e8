import { screen, within } from '@testing-library/react';
import type { Meetup } from '../../contract/meetups';
import { describe, expect, it } from 'vitest';
import { MeetupCard } from '../../src/features/meetups';
import { renderWithQuery } from './support/helpers';

const HOUR = 3_600_000;
const base = (over: Partial<Meetup>): Meetup => ({
  meetupId: 1,
  matchId: 1,
  proposerId: 10,
  partnerId: 20,
  startsAt: new Date(Date.now() + 2 * HOUR).toISOString(),
  endsAt: new Date(Date.now() + 3 * HOUR).toISOString(),
  place: '학생식당',
  status: 'PROPOSED',
  createdAt: new Date().toISOString(),
  myCheckin: null,
  partner: { id: 10, memberName: '김제안' },
  chatRoomId: 3,
  ...over,
});

const buttons = () =>
  within(screen.getByRole('article'))
    .queryAllByRole('button')
    .map((b) => b.textContent);

describe('MeetupCard: what each member may do (contract section 14)', () => {
  it('the partner of a proposal may accept or decline, add it to a calendar, or cancel', () => {
    renderWithQuery(<MeetupCard meetup={base({})} />);
    expect(screen.getByRole('article', { name: '김제안님과의 약속' })).toHaveTextContent('약속 제안');
    expect(buttons()).toEqual(['수락', '거절', '캘린더에 추가', '취소']);
    expect(screen.getByRole('link', { name: 'Google 캘린더' })).toHaveAttribute('href', expect.stringContaining('calendar.google.com'));
  });

  it('the proposer waits: no accept or decline', () => {
    // The caller proposed: the other member (partner) is the meetup's partner column.
    renderWithQuery(<MeetupCard meetup={base({ partner: { id: 20, memberName: '이수락' } })} />);
    expect(buttons()).toEqual(['캘린더에 추가', '취소']);
    expect(screen.getByRole('article')).toHaveTextContent('이수락님의 답을 기다리고 있어요');
  });

  it('after the end a confirmed meetup asks "만났나요?" until answered; a cancelled one offers nothing', () => {
    const ended = { startsAt: new Date(Date.now() - 2 * HOUR).toISOString(), endsAt: new Date(Date.now() - HOUR).toISOString() };
    const { unmount } = renderWithQuery(<MeetupCard meetup={base({ ...ended, status: 'CONFIRMED' })} past />);
    expect(buttons()).toEqual(['만났나요?']);
    unmount();
    const answered = renderWithQuery(<MeetupCard meetup={base({ ...ended, status: 'CONFIRMED', myCheckin: { met: true, compliments: ['KIND'] } })} past />);
    expect(buttons()).toEqual([]);
    expect(screen.getByRole('article')).toHaveTextContent('만났다고 답했어요');
    answered.unmount();
    renderWithQuery(<MeetupCard meetup={base({ status: 'CANCELLED' })} past />);
    expect(buttons()).toEqual([]);
    expect(screen.getByRole('article')).toHaveTextContent('취소됨');
  });
});
