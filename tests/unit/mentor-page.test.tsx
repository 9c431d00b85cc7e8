import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { MENTOR_CONFIGS } from '../../contract/mentor';
import { formatPhone } from '../../src/features/mentor';
import { fail, ok } from './support/helpers';
import { ORIGIN, renderSignedIn } from './support/render-app';

const mentor = { ...MENTOR_CONFIGS.catholic, month: '2026-11', applied: false, applicants: 1, configured: true };
const getMentor = (body = mentor) => mswHttp.get(`${ORIGIN}/api/mentor`, () => HttpResponse.json(ok(body)));

describe('monthly mentor', () => {
  it('shows the mentor, the schedule and a fallback when the banner fails', async () => {
    renderSignedIn('/monthly-mentor', [getMentor()]);
    expect(await screen.findByRole('heading', { name: '김다현 멘토' })).toBeInTheDocument();
    expect(screen.getByText(mentor.intro[2])).toBeInTheDocument();
    expect(screen.getByText('9월 8일 (목)')).toBeInTheDocument();
    expect(screen.getByText('중앙도서관 5층 스터디룸')).toBeInTheDocument();
    expect(screen.getByText(/최대 5명/)).toBeInTheDocument();
    const banner = screen.getByRole('img', { name: '김다현 멘토 배너 이미지' });
    fireEvent.error(banner);
    expect(screen.queryByRole('img', { name: '김다현 멘토 배너 이미지' })).not.toBeInTheDocument();
  });

  it('with no mentor saved this month, says it is being prepared and offers no session to apply for', async () => {
    // The server keeps section 13's fields (the built-in "9월 8일 (목)") for existing clients.
    renderSignedIn('/monthly-mentor', [getMentor({ ...mentor, configured: false })]);
    expect(await screen.findByRole('heading', { name: '이번 달 멘토를 준비하고 있어요' })).toBeInTheDocument();
    expect(screen.getByText('멘토가 정해지면 이곳에서 커피챗을 신청할 수 있어요.')).toBeInTheDocument();
    expect(screen.queryByText('9월 8일 (목)')).not.toBeInTheDocument();
    expect(screen.queryByText('김다현 멘토')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '신청하기' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('휴대폰 번호')).not.toBeInTheDocument();
  });

  it('checks the phone and the question before sending', async () => {
    const posted = vi.fn();
    renderSignedIn('/monthly-mentor', [
      getMentor(),
      mswHttp.post(`${ORIGIN}/api/mentor/monthlyM`, () => (posted(), HttpResponse.json(ok('MENTOR_APPLY_SUCCESS')))),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: '신청하기' }));
    expect(await screen.findByText('휴대폰 번호는 010-1234-5678 형식으로 입력해 주세요.')).toBeInTheDocument();
    expect(screen.getByText('질문을 입력해 주세요.')).toBeInTheDocument();
    expect(screen.getByLabelText('휴대폰 번호')).toHaveAttribute('aria-invalid', 'true');
    expect(posted).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('휴대폰 번호'), { target: { value: '02-123-4567' } });
    fireEvent.change(screen.getByLabelText('멘토에게 묻고 싶은 질문'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: '신청하기' }));
    expect(await screen.findByText('휴대폰 번호는 010-1234-5678 형식으로 입력해 주세요.')).toBeInTheDocument();
    expect(posted).not.toHaveBeenCalled();
  });

  it('formats a mobile number while typing', () => {
    expect(formatPhone('01012345678')).toBe('010-1234-5678');
    expect(formatPhone('0101234567')).toBe('010-123-4567');
    expect(formatPhone('010-12a')).toBe('010-12');
  });

  it('shows the Korean message of a 409 and the success message', async () => {
    let full = true;
    renderSignedIn('/monthly-mentor', [
      getMentor(),
      mswHttp.post(`${ORIGIN}/api/mentor/monthlyM`, async ({ request }) => {
        expect(await request.json()).toEqual({ phone: '010-1234-5678', question: '마케터의 하루가 궁금해요' });
        return full
          ? HttpResponse.json(fail('MENTOR_409_FULL', '이번 달 멘토링 신청이 마감되었어요.'), { status: 409 })
          : HttpResponse.json(ok('MENTOR_APPLY_SUCCESS'));
      }),
    ]);
    const fill = () => {
      fireEvent.change(screen.getByLabelText('휴대폰 번호'), { target: { value: '01012345678' } });
      fireEvent.change(screen.getByLabelText('멘토에게 묻고 싶은 질문'), { target: { value: '마케터의 하루가 궁금해요' } });
    };
    await screen.findByRole('button', { name: '신청하기' });
    fill();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: '신청하기' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('신청하지 못했어요');
    expect(dialog).toHaveTextContent('이번 달 멘토링 신청이 마감되었어요.');
    log.mockRestore();
    fireEvent.click(screen.getByRole('button', { name: '닫기' }));

    full = false;
    fireEvent.click(screen.getByRole('button', { name: '신청하기' }));
    expect(await screen.findByText('신청이 완료되었어요')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('휴대폰 번호')).toHaveValue(''));
  });

  it('a failed load says so', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderSignedIn('/monthly-mentor', [mswHttp.get(`${ORIGIN}/api/mentor`, () => HttpResponse.json(fail('USER_404', '없어요'), { status: 404 }))]);
    expect(await screen.findByRole('alert')).toHaveTextContent('멘토 정보를 불러오지 못했어요.');
    log.mockRestore();
  });
});
