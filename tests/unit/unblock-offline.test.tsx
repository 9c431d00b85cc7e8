import 'fake-indexeddb/auto';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { createStore, get } from 'idb-keyval';
import { http as mswHttp, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { registerBlockMutations, useUnblockMember } from '../../src/entities/block';
import { clearAccessToken, setAccessToken } from '../../src/lib/auth';
import { persistKey, startQueryPersistence } from '../../src/lib/query-persistence';
import { makeJwt, ok } from './support/helpers';
import { server } from './support/msw-server';

const ORIGIN = window.location.origin;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('차단 해제 made offline (contract section 15, same path as a block)', () => {
  it('waits, is persisted, survives a reload and is sent once when back', async () => {
    const store = createStore('unblock-offline-test', 'queries');
    const member = '51';
    setAccessToken(makeJwt(3600, member));
    const first = new QueryClient();
    registerBlockMutations(first);
    const a = startQueryPersistence(first, { store, throttleMs: 10 });
    await a.ready;
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={first}>{children}</QueryClientProvider>;
    const { result, unmount } = renderHook(() => useUnblockMember(), { wrapper });
    onlineManager.setOnline(false);
    act(() => result.current.mutate(42));
    await wait(50);
    // Waiting for the network, which the screen can tell.
    expect(result.current.isPaused).toBe(true);
    const saved = await get<{ clientState: { mutations: { mutationKey?: unknown[]; state: { isPaused: boolean; variables: unknown } }[] } }>(
      persistKey(member),
      store,
    );
    expect(saved?.clientState.mutations.map((m) => [m.mutationKey, m.state.isPaused, m.state.variables])).toEqual([[['blocks', 'unblock'], true, 42]]);
    unmount();
    a.stop();

    // The reload: a new client restores the paused unblock; back online, it goes out once.
    const deletes: string[] = [];
    server.use(
      mswHttp.delete(`${ORIGIN}/api/members/42/block`, ({ request }) => {
        deletes.push(new URL(request.url).pathname);
        return HttpResponse.json(ok('UNBLOCK_SUCCESS'));
      }),
    );
    const second = new QueryClient();
    registerBlockMutations(second);
    second.mount();
    const b = startQueryPersistence(second, { store, throttleMs: 10 });
    await b.ready;
    onlineManager.setOnline(true);
    await wait(200);
    expect(deletes).toEqual(['/api/members/42/block']);
    await wait(100);
    expect(deletes).toHaveLength(1);
    expect(
      second
        .getMutationCache()
        .getAll()
        .map((m) => m.state.status),
    ).toEqual(['success']);
    b.stop();
    second.unmount();
    clearAccessToken();
  });
});
