import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../src/components/ui/toast';
import { meetupsQueryOptions, registerMeetupMutations } from '../../src/entities/meetup';
import { PlanMeetupButton } from '../../src/features/meetups';
import { setAccessToken } from '../../src/lib/auth';
import { createQueryClient } from '../../src/lib/query-client';
import { makeJwt } from './support/helpers';
import { server } from './support/msw-server';

/**
 * 약속 잡기 offline (contract section 14): a proposal is tried at once even offline and is never
 * queued, so the sheet must say it failed right away. It used to stay disabled and silent until the
 * network came back: the proposal's settle waited for the meetup list's refetch, which an
 * `offlineFirst` query pauses while offline. The suggestions, never loaded, spun forever too.
 */
const ORIGIN = window.location.origin;
const MATCH = 7;

function goOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  window.dispatchEvent(new Event('offline'));
  onlineManager.setOnline(false);
}

describe('PlanMeetupSheet offline', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('says the suggestions cannot load, and a proposal fails at once with the network message', async () => {
    setAccessToken(makeJwt(3600));
    let proposals = 0;
    // Offline, every request fails as the browser's do (net::ERR_INTERNET_DISCONNECTED).
    server.use(
      mswHttp.get(`${ORIGIN}/api/meetups`, () => HttpResponse.error()),
      mswHttp.get(`${ORIGIN}/api/matches/${MATCH}/meetup-suggestions`, () => HttpResponse.error()),
      mswHttp.post(`${ORIGIN}/api/matches/${MATCH}/meetups`, () => {
        proposals++;
        return HttpResponse.error();
      }),
    );
    // The app's own client: queries are offlineFirst, the meetup mutations registered.
    const queryClient = createQueryClient();
    registerMeetupMutations(queryClient);
    // The upcoming meetups were seen online (persisted), so the sheet's list is there, and active.
    queryClient.setQueryData(meetupsQueryOptions('upcoming').queryKey, []);
    const view = render(
      <QueryClientProvider client={queryClient}>
        <PlanMeetupButton matchId={MATCH} partnerName="이하늘" />
        <Toaster />
      </QueryClientProvider>,
    );
    goOffline();

    fireEvent.click(screen.getByRole('button', { name: '약속 잡기' }));
    const sheet = await screen.findByRole('dialog', { name: '이하늘님과 약속 잡기' });
    expect(within(sheet).getByRole('status')).toHaveTextContent('오프라인이라 추천 시간을 불러올 수 없어요. 직접 정해 주세요.');
    expect(within(sheet).queryByText('추천 시간을 불러오는 중이에요')).toBeNull();

    fireEvent.click(within(sheet).getByRole('button', { name: '다른 날짜·시간 직접 정하기' }));
    fireEvent.change(within(sheet).getByRole('textbox', { name: /장소/ }), { target: { value: '학생식당' } });
    fireEvent.click(within(sheet).getByRole('button', { name: '약속 제안하기' }));

    // At once, not when the network is back: the message, and the button usable again.
    expect(await within(sheet).findByRole('alert', {}, { timeout: 1500 })).toHaveTextContent('네트워크 연결을 확인해 주세요.');
    expect(within(sheet).getByRole('button', { name: '약속 제안하기' })).toBeEnabled();
    expect(proposals).toBe(1);

    view.unmount();
    await act(() => queryClient.cancelQueries());
    queryClient.clear();
  });
});
