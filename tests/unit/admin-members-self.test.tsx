import { screen, waitFor, within } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ok } from './support/helpers';
import { ORIGIN, renderSignedIn } from './support/render-app';

const row = (memberId: number, memberName: string, email: string) => ({
  memberId,
  memberName,
  email,
  universityId: 1,
  department: '심리학과',
  studentNo: '23',
  status: 'ACTIVE',
  openReports: 0,
  createdAt: '2026-09-01T03:00:00.000Z',
});

/**
 * 회원 (contract section 16): the server refuses an operator's 정지 of themselves, and before this the
 * console offered it on the operator's own row and said no only after the reason was written.
 */
describe('operator console 회원: the operator’s own row', () => {
  it('offers no 정지 on the operator’s own row (the e-mail of GET /api/admin/me, in any case) and says why; other rows keep it', async () => {
    renderSignedIn('/admin?tab=members', [
      mswHttp.get(`${ORIGIN}/api/admin/me`, () => HttpResponse.json(ok({ operator: true, email: 'ops@catholic.ac.kr' }))),
      mswHttp.get(`${ORIGIN}/api/admin/universities`, () => HttpResponse.json(ok([{ universityId: 1, name: '가톨릭대' }]))),
      mswHttp.get(`${ORIGIN}/api/admin/members`, () =>
        HttpResponse.json(ok({ entries: [row(2, '김민지', 'minji@catholic.ac.kr'), row(1, '운영자', 'Ops@Catholic.ac.kr')], hasNext: false })),
      ),
    ]);

    const own = await waitFor(() => screen.getByRole('row', { name: /운영자/ }));
    expect(within(own).queryByRole('button', { name: /정지/ })).toBeNull();
    expect(within(own).getByText('본인 계정은 정지할 수 없어요.')).toBeTruthy();
    const other = screen.getByRole('row', { name: /김민지/ });
    expect(within(other).getByRole('button', { name: '김민지님 정지' })).toBeTruthy();
  });
});
