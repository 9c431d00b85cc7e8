import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http as mswHttp, HttpResponse, ws } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../contract/files-values';
import { fail, ok } from './support/helpers';
import { ORIGIN, quietRest, renderApp, stubBrowser } from './support/member-fixtures';
import { server } from './support/msw-server';

/** /my/profile's photo button: a photo the server would refuse is refused on the device, and every failure is said in Korean. */

const me = {
  memberName: '이하늘',
  studentNo: '23',
  department: '컴퓨터정보공학부',
  profileImageUrl: null,
  userKeywords: [],
  userInterests: ['STARTUP'],
  timeTables: [],
};

const TOO_LARGE = '5MB 이하 사진만 올릴 수 있어요.';
const WRONG_TYPE = 'JPG, PNG, WEBP, GIF 사진만 올릴 수 있어요.';
const GENERIC = '잠시 후 다시 시도해 주세요.';

const png = (bytes: number, name = 'a.png') => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

describe('profile photo upload', () => {
  let calls: string[];
  let putStatus: number;
  let putBody: unknown;

  beforeEach(() => {
    stubBrowser();
    calls = [];
    putStatus = 200;
    putBody = null;
    server.use(...quietRest);
    // The app's STOMP socket connects and stays silent.
    server.use(ws.link(`${ORIGIN.replace(/^http/, 'ws')}/ws`).addEventListener('connection', () => undefined));
    server.use(
      mswHttp.get(`${ORIGIN}/api/members/me`, () => HttpResponse.json(ok(me))),
      mswHttp.post(`${ORIGIN}/api/aws/presigned-url`, () => {
        calls.push('presign');
        return HttpResponse.json(ok({ presignedUrl: `${ORIGIN}/files/upload/profile/a.png?sig=1`, s3Url: `${ORIGIN}/files/profile/a.png` }));
      }),
      mswHttp.put(`${ORIGIN}/files/upload/profile/a.png`, () => {
        calls.push('put');
        return putBody === null ? new HttpResponse(null, { status: putStatus }) : HttpResponse.json(putBody, { status: putStatus });
      }),
      mswHttp.patch(`${ORIGIN}/api/members/profile-image`, () => {
        calls.push('patch');
        return HttpResponse.json(ok('PROFILE_IMAGE_UPDATE_SUCCESS'));
      }),
    );
  });

  // Toasts live in a module-wide store: close this test's before the next renders.
  afterEach(() => {
    for (const close of screen.queryAllByRole('button', { name: '알림 닫기' })) fireEvent.click(close);
  });

  async function pick(file: File) {
    renderApp('/my/profile');
    fireEvent.change(await screen.findByTestId('profile-image-input'), { target: { files: [file] } });
  }

  const toast = async () => within(await screen.findByTestId('toast'));

  it('the picker offers the four image types the server takes', async () => {
    renderApp('/my/profile');
    expect(await screen.findByTestId('profile-image-input')).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/gif');
  });

  it('a photo over 5 MB is refused on the device with the size message, and nothing is uploaded', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await pick(png(MAX_UPLOAD_BYTES + 1, 'big.png'));
    expect((await toast()).getByText(TOO_LARGE)).toBeInTheDocument();
    expect(calls).toEqual([]);
    expect(log).toHaveBeenCalledWith('failed to upload the profile image', expect.anything());
  });

  it('a file that is not a JPG, PNG, WEBP or GIF is refused on the device with the type message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await pick(new File(['%PDF-1.4'], 'timetable.pdf', { type: 'application/pdf' }));
    expect((await toast()).getByText(WRONG_TYPE)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('a photo of exactly 5 MB goes up', async () => {
    await pick(png(MAX_UPLOAD_BYTES));
    await waitFor(() => expect(calls).toEqual(['presign', 'put', 'patch']));
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it("the storage's 413 is the size message too", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    putStatus = 413;
    await pick(png(10));
    expect((await toast()).getByText(TOO_LARGE)).toBeInTheDocument();
  });

  it("the storage's FILE_400 (the bytes are no image) is the type message", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    putStatus = 400;
    putBody = fail('FILE_400', '업로드할 수 없는 파일이에요.');
    await pick(png(10));
    expect((await toast()).getByText(WRONG_TYPE)).toBeInTheDocument();
  });

  it('any other failure says to try again later', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    putStatus = 500;
    await pick(png(10));
    const shown = await toast();
    expect(shown.getByText('사진을 올리지 못했어요')).toBeInTheDocument();
    expect(shown.getByText(GENERIC)).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('failed to upload the profile image', expect.anything());
  });
});
