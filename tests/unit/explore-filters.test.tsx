import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { filterSearchParams } from '../../src/entities/member';
import { ok } from './support/helpers';
import { card, ORIGIN, quietRest, renderApp, serverError, stubBrowser } from './support/member-fixtures';
import { server } from './support/msw-server';

const colleges = [
  { id: 1, name: '인문대학' },
  { id: 2, name: '공과대학' },
];
const departments: Record<string, { id: number; name: string }[]> = {
  '1': [{ id: 11, name: '국어국문학과' }],
  '2': [{ id: 21, name: '컴퓨터공학과' }],
};

function withFilters(onRequest: (url: URL) => unknown[]) {
  server.use(
    mswHttp.get(`${ORIGIN}/api/members/filters`, ({ request }) => HttpResponse.json(ok(onRequest(new URL(request.url))))),
    mswHttp.get(`${ORIGIN}/api/colleges`, () => HttpResponse.json(ok(colleges))),
    mswHttp.get(`${ORIGIN}/api/colleges/:id/departments`, ({ params }) => HttpResponse.json(ok(departments[String(params.id)] ?? []))),
    ...quietRest,
  );
}

describe('explore', () => {
  beforeEach(stubBrowser);

  it('drops empty filter parameters from the request', () => {
    expect(filterSearchParams({ department: '  ', interest: undefined }, 0)).toEqual({ page: 0, size: 10, sort: 'recommend' });
    expect(filterSearchParams({ interest: 'STARTUP', collegeId: 2, department: '컴퓨터공학과', studentNo: '20학번이상', sort: 'recent' }, 3)).toEqual({
      page: 3,
      size: 10,
      sort: 'recent',
      interest: 'STARTUP',
      collegeId: 2,
      department: '컴퓨터공학과',
      studentNo: '20학번이상',
    });
  });

  it('shows 조건에 맞는 프로필이 없어요 when nothing matches, and the request has no empty params', async () => {
    const urls: URL[] = [];
    withFilters((url) => {
      urls.push(url);
      return [];
    });
    renderApp('/explore?interest=STARTUP');
    expect(await screen.findByText('조건에 맞는 프로필이 없어요')).toBeInTheDocument();
    const params = Object.fromEntries(urls[0]!.searchParams);
    expect(params).toEqual({ page: '0', size: '10', sort: 'recommend', interest: 'STARTUP' });
    expect(screen.getByRole('button', { name: '창업' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('a failed load is logged and shows the empty state', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(mswHttp.get(`${ORIGIN}/api/members/filters`, serverError), ...quietRest);
    renderApp('/explore');
    expect(await screen.findByText('조건에 맞는 프로필이 없어요')).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('failed to load explore members', expect.anything());
  });

  it('loads the next page only while the last page was full', async () => {
    const pages: string[] = [];
    withFilters((url) => {
      const page = Number(url.searchParams.get('page'));
      pages.push(String(page));
      const count = page === 0 ? 10 : 3;
      return Array.from({ length: count }, (_, i) => card(page * 10 + i + 1, `학생${page * 10 + i + 1}`));
    });
    renderApp('/explore');
    const list = await screen.findByRole('list', { name: '프로필 목록' });
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(13));
    expect(pages).toEqual(['0', '1']);
  });

  it('department sheet: the department is cleared when the college changes; 20학번 이상 is sent as 20학번이상', async () => {
    const urls: URL[] = [];
    withFilters((url) => {
      urls.push(url);
      return [card(5, '이하늘')];
    });
    const { router } = renderApp('/explore');
    await screen.findByRole('link', { name: /이하늘/ });

    fireEvent.click(screen.getByRole('button', { name: '학과' }));
    const sheet = await screen.findByRole('dialog', { name: '학과' });
    expect(sheet).toHaveAttribute('aria-modal', 'true');
    // The tab bar hides while a sheet is open.
    expect(screen.queryByRole('navigation', { name: /탭|메뉴/ })).toBeNull();
    fireEvent.click(await within(sheet).findByRole('button', { name: '인문대학' }));
    fireEvent.click(await within(sheet).findByRole('button', { name: '국어국문학과' }));
    expect(within(sheet).getByRole('button', { name: '국어국문학과' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(within(sheet).getByRole('button', { name: '공과대학' }));
    await within(sheet).findByRole('button', { name: '컴퓨터공학과' });
    expect(within(sheet).queryByRole('button', { pressed: true, name: /학과$/ })).toBeNull();
    fireEvent.click(within(sheet).getByRole('button', { name: '적용' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(router.state.location.search).toMatchObject({ collegeId: 2 }));
    expect(router.state.location.search).not.toHaveProperty('department');

    fireEvent.click(screen.getByRole('button', { name: '학번' }));
    const sno = await screen.findByRole('dialog', { name: '학번' });
    expect(
      within(sno)
        .getAllByRole('button', { name: /학번/ })
        .map((b) => b.textContent),
    ).toEqual(['25학번', '24학번', '23학번', '22학번', '21학번', '20학번 이상']);
    fireEvent.click(within(sno).getByRole('button', { name: '20학번 이상' }));
    fireEvent.click(within(sno).getByRole('button', { name: '적용' }));
    await waitFor(() => expect(urls.at(-1)?.searchParams.get('studentNo')).toBe('20학번이상'));
    expect(urls.at(-1)?.searchParams.get('collegeId')).toBe('2');
    expect(urls.at(-1)?.searchParams.has('department')).toBe(false);
  });

  it('Escape closes a sheet', async () => {
    withFilters(() => []);
    renderApp('/explore');
    await screen.findByText('조건에 맞는 프로필이 없어요');
    fireEvent.click(screen.getByRole('button', { name: '학번' }));
    await screen.findByRole('dialog', { name: '학번' });
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
