import { screen, waitFor, within } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ok } from './support/helpers';
import { ORIGIN, renderSignedIn } from './support/render-app';

/** /my/profile shows the student's own 받은 칭찬 as another member's profile shows theirs (contract section 14's extension). */

const me = {
  profileImageUrl: null,
  memberName: '김런치',
  studentNo: '23',
  department: '컴퓨터정보공학부',
  userInterests: ['STARTUP'],
  userKeywords: [],
  timeTables: [{ dayOfWeek: 'MON', startTime: '12:00', endTime: '13:00', subjectName: '' }],
};
const counts = (kind: number, listener: number) => ({
  memberId: 7,
  counts: { KIND: kind, FUN: 0, INSIGHTFUL: 0, PUNCTUAL: 0, GOOD_LISTENER: listener },
  total: kind + listener,
});

describe('my profile: 받은 칭찬', () => {
  it('shows the compliments the student received, counted', async () => {
    renderSignedIn('/my/profile', [
      mswHttp.get(`${ORIGIN}/api/members/me`, () => HttpResponse.json(ok(me))),
      mswHttp.get(`${ORIGIN}/api/members/me/compliments`, () => HttpResponse.json(ok(counts(2, 1)))),
    ]);
    // Role queries walk the whole timetable grid: wait on the text, then check the region once.
    await screen.findByText('받은 칭찬');
    const region = screen.getByRole('region', { name: '받은 칭찬' });
    expect(
      within(region)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['친절해요2', '잘 들어줘요1']);
  });

  it("shows nothing while there are none, as on another member's profile", async () => {
    let asked = false;
    renderSignedIn('/my/profile', [
      mswHttp.get(`${ORIGIN}/api/members/me`, () => HttpResponse.json(ok(me))),
      mswHttp.get(`${ORIGIN}/api/members/me/compliments`, () => {
        asked = true;
        return HttpResponse.json(ok(counts(0, 0)));
      }),
    ]);
    await screen.findByText('김런치');
    await waitFor(() => expect(asked).toBe(true));
    expect(screen.queryByText('받은 칭찬')).toBeNull();
  });
});
