import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http as mswHttp, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGNUP_MESSAGES } from '../../contract/auth';
import { ProfileWizard } from '../../src/features/onboarding';
import { clearWizard } from '../../src/features/onboarding/model/draft-storage';
import { setAccessToken } from '../../src/lib/auth';
import { fail, makeJwt, ok, renderWithQuery } from './support/helpers';
import { server } from './support/msw-server';

const ORIGIN = window.location.origin;
const DEPARTMENTS: Record<string, { id: number; name: string }[]> = {
  '1': [
    { id: 11, name: '컴퓨터정보공학부' },
    { id: 12, name: '정보통신전자공학부' },
  ],
  '2': [{ id: 21, name: '국어국문학과' }],
};

let signUpBodies: unknown[] = [];

beforeEach(() => {
  signUpBodies = [];
  setAccessToken(makeJwt(3600));
  server.use(
    mswHttp.get(`${ORIGIN}/api/colleges`, () =>
      HttpResponse.json(
        ok([
          { id: 1, name: '공과대학' },
          { id: 2, name: '인문대학' },
        ]),
      ),
    ),
    mswHttp.get(`${ORIGIN}/api/colleges/:id/departments`, ({ params }) => HttpResponse.json(ok(DEPARTMENTS[String(params.id)] ?? []))),
    mswHttp.patch(`${ORIGIN}/auth/signUp/lunchChat`, async ({ request }) => {
      signUpBodies.push(await request.json());
      return HttpResponse.json(ok('추가 회원정보 등록 완료'));
    }),
  );
});

function setup() {
  const user = userEvent.setup();
  const onExit = vi.fn();
  const onDone = vi.fn();
  renderWithQuery(<ProfileWizard onExit={onExit} onDone={onDone} />);
  return { user, onExit, onDone };
}

const next = (user: UserEvent) => user.click(screen.getByRole('button', { name: '다음' }));

async function expectMessage(user: UserEvent, message: string) {
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent(message);
  await user.click(within(dialog).getByRole('button', { name: '닫기' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
}

async function choose(user: UserEvent, dropdown: RegExp, option: string) {
  await user.click(screen.getByRole('button', { name: dropdown }));
  await user.click(await screen.findByRole('option', { name: option }));
}

// The walk-throughs click through all five steps: on a busy machine that takes longer than 5 s.
const WALK_THROUGH = { timeout: 20_000 };

describe('profile wizard', () => {
  it('step 1 starts with the name given at sign-in, once it is known, and never replaces what the student typed', async () => {
    const user = userEvent.setup();
    const { rerender } = renderWithQuery(<ProfileWizard onExit={vi.fn()} onDone={vi.fn()} />);
    const field = screen.getByLabelText('이름');
    expect(field).toHaveValue('');
    rerender(
      <QueryClientProvider client={new QueryClient()}>
        <ProfileWizard onExit={vi.fn()} onDone={vi.fn()} suggestedName=" 김새내 " />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByLabelText('이름')).toHaveValue('김새내'));
    await user.clear(screen.getByLabelText('이름'));
    await user.type(screen.getByLabelText('이름'), '김진짜');
    rerender(
      <QueryClientProvider client={new QueryClient()}>
        <ProfileWizard onExit={vi.fn()} onDone={vi.fn()} suggestedName="다른이름" />
      </QueryClientProvider>,
    );
    expect(screen.getByLabelText('이름')).toHaveValue('김진짜');
  });

  it('shows the heading, the notes and step 1 of 5', () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: '프로필 작성 중' })).toBeInTheDocument();
    expect(screen.getByText('매칭을 위해 꼭 필요한 정보예요.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
    expect(screen.getByRole('heading', { level: 2, name: '이름을 알려 주세요' })).toBeInTheDocument();
  });

  it('checks every step with the spec messages, in order, and submits the profile', WALK_THROUGH, async () => {
    const { user, onDone } = setup();

    // Step 1: name.
    await next(user);
    await expectMessage(user, SIGNUP_MESSAGES.name);
    await user.type(screen.getByLabelText('이름'), '   ');
    await next(user);
    await expectMessage(user, '이름을 입력해주세요.');
    await user.clear(screen.getByLabelText('이름'));
    await user.type(screen.getByLabelText('이름'), ' 김런치 ');
    await next(user);

    // Step 2: admission year, exactly two digits.
    expect(screen.getByRole('heading', { level: 2, name: '학번을 알려 주세요' })).toBeInTheDocument();
    await next(user);
    await expectMessage(user, '학번은 입학년도 끝 두 자리만 작성해주세요.');
    await user.type(screen.getByLabelText('학번'), '2025');
    await next(user);
    await expectMessage(user, SIGNUP_MESSAGES.studentNo);
    await user.clear(screen.getByLabelText('학번'));
    await user.type(screen.getByLabelText('학번'), '25');
    await next(user);

    // Step 3: college → department.
    expect(screen.getByRole('heading', { level: 2, name: '학과를 선택해 주세요' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^학과/ })).toBeDisabled();
    await next(user);
    await expectMessage(user, '학과를 선택해주세요');
    await choose(user, /^단과대학/, '공과대학');
    await choose(user, /^학과/, '정보통신전자공학부');
    expect(screen.getByRole('button', { name: /^학과/ })).toHaveTextContent('정보통신전자공학부');
    // Another college: the department no longer belongs, so it is cleared.
    await choose(user, /^단과대학/, '인문대학');
    expect(screen.getByRole('button', { name: /^학과/ })).toHaveTextContent('학과를 선택해 주세요');
    await next(user);
    await expectMessage(user, SIGNUP_MESSAGES.department);
    await choose(user, /^학과/, '국어국문학과');
    await next(user);

    // Step 4: topics.
    expect(screen.getByRole('heading', { level: 2, name: '어떤 목적으로 런치챗을 시작하나요?' })).toBeInTheDocument();
    await next(user);
    await expectMessage(user, '태그를 하나 이상 선택해주세요');
    await user.click(screen.getByRole('button', { name: '창업' }));
    await user.click(screen.getByRole('button', { name: '학교생활' }));
    await next(user);

    // Step 5: timetable.
    expect(screen.getByRole('heading', { level: 2, name: '런치챗이 가능한 시간을 알려 주세요' })).toBeInTheDocument();
    await next(user);
    await expectMessage(user, '시간표를 선택해주세요');
    await user.click(screen.getByRole('button', { name: '수요일 12:00~13:00' }));
    await next(user);

    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(signUpBodies).toEqual([
      {
        membername: '김런치',
        studentNo: '25',
        collegeId: 2,
        departmentId: 21,
        interests: ['STARTUP', 'SCHOOL_LIFE'],
        timeTables: [{ dayOfWeek: 'WED', startTime: '12:00', endTime: '13:00', subjectName: '' }],
      },
    ]);
  });

  it('back: from step 1 leaves the wizard, from later steps goes one step back and keeps answers', async () => {
    const { user, onExit } = setup();
    await user.type(screen.getByLabelText('이름'), '김런치');
    await next(user);
    await user.click(screen.getByRole('button', { name: '이전 단계로' }));
    expect(screen.getByLabelText('이름')).toHaveValue('김런치');
    expect(onExit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '로그인 화면으로 돌아가기' }));
    expect(onExit).toHaveBeenCalledTimes(1);
  });

  it('the info button explains the real-name policy in a dialog that Escape closes', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: '실명 정책 안내' }));
    const dialog = screen.getByRole('dialog', { name: '런치챗은 실명으로 이용해요' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('button', { name: '닫기' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '실명 정책 안내' })).toHaveFocus();
  });

  it('a sign-up the server refuses shows its message instead of failing silently', WALK_THROUGH, async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(mswHttp.patch(`${ORIGIN}/auth/signUp/lunchChat`, () => HttpResponse.json(fail('USER_404_DEPT', '학과를 찾을 수 없어요.'), { status: 404 })));
    const { user, onDone } = setup();
    await user.type(screen.getByLabelText('이름'), '김런치');
    await next(user);
    await user.type(screen.getByLabelText('학번'), '24');
    await next(user);
    await choose(user, /^단과대학/, '공과대학');
    await choose(user, /^학과/, '컴퓨터정보공학부');
    await next(user);
    await user.click(screen.getByRole('button', { name: '교환학생' }));
    await next(user);
    await user.click(screen.getByRole('button', { name: '월요일 10:00~11:00' }));
    await next(user);
    await expectMessage(user, '학과를 찾을 수 없어요.');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('a reload keeps the step and the entries; a finished sign-up starts the next one empty', WALK_THROUGH, async () => {
    const first = setup();
    await first.user.type(screen.getByLabelText('이름'), '김런치');
    await next(first.user);
    await first.user.type(screen.getByLabelText('학번'), '25');
    await next(first.user);
    await choose(first.user, /^단과대학/, '공과대학');
    cleanup(); // the page reloads

    const { user, onDone } = setup();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '3');
    // The college's name shows once the colleges have loaded again.
    await waitFor(() => expect(screen.getByRole('button', { name: /^단과대학/ })).toHaveTextContent('공과대학'));
    await choose(user, /^학과/, '컴퓨터정보공학부');
    await user.click(screen.getByRole('button', { name: '이전 단계로' }));
    expect(screen.getByLabelText('학번')).toHaveValue('25');
    await user.click(screen.getByRole('button', { name: '이전 단계로' }));
    expect(screen.getByLabelText('이름')).toHaveValue('김런치');
    await next(user);
    await next(user);
    await next(user);
    await user.click(screen.getByRole('button', { name: '창업' }));
    await next(user);
    await user.click(screen.getByRole('button', { name: '월요일 12:00~13:00' }));
    await next(user);
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(signUpBodies).toEqual([expect.objectContaining({ membername: '김런치', studentNo: '25', collegeId: 1, departmentId: 11, interests: ['STARTUP'] })]);
    cleanup();

    setup();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
    expect(screen.getByLabelText('이름')).toHaveValue('');
  });

  it('closing the installed app mid-sign-up keeps the answers for the same member; signing out removes them', async () => {
    const first = setup();
    await first.user.type(screen.getByLabelText('이름'), '김런치');
    await next(first.user);
    await first.user.type(screen.getByLabelText('학번'), '25');
    cleanup();
    sessionStorage.clear(); // the app is closed: the next start is a new session

    setup();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2');
    expect(screen.getByLabelText('학번')).toHaveValue('25');
    cleanup();

    // What app-entry's onSignedOut runs when the session ends.
    clearWizard();
    expect(localStorage.getItem('lunchchat:profile-draft')).toBeNull();
    setup();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
    expect(screen.getByLabelText('이름')).toHaveValue('');
  });

  it('a draft untouched for 7 days comes back; one untouched for longer is ignored', async () => {
    const day = 24 * 60 * 60 * 1000;
    const start = Date.now();
    const first = setup();
    await first.user.type(screen.getByLabelText('이름'), '김런치');
    await next(first.user);
    cleanup();

    // Only the clock is faked: user-event and the dialog keep real timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start + 7 * day - 60_000);
    setup();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2');
    cleanup(); // opening it saved it again: its 7 days start over

    vi.setSystemTime(start + 15 * day);
    setup();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
    expect(screen.getByLabelText('이름')).toHaveValue('');
  });

  it('a draft left by another member on this device is not shown', async () => {
    const first = setup();
    await first.user.type(screen.getByLabelText('이름'), '김런치');
    await next(first.user);
    cleanup();

    setAccessToken(makeJwt(3600, '2'));
    setup();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
    expect(screen.getByLabelText('이름')).toHaveValue('');
  });
});
