import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  dropEmptyParams,
  FCM_SUCCESS_CODE,
  FCM_SUCCESS_MESSAGE,
  fcmTokenBodySchema,
  filtersQuerySchema,
  INTERESTS_UPDATE_SUCCESS,
  KEYWORDS_UPDATE_SUCCESS,
  noControlChars,
  PROFILE_IMAGE_UPDATE_SUCCESS,
  profileImageBodySchema,
  TIMETABLE_UPDATE_SUCCESS,
} from '../../../contract/members';
import { DEFAULT_PROFILE_IMAGE_RE, defaultProfileImagePath, LEGACY_DEFAULT_PROFILE_IMAGES } from '../../../contract/files';
import type { AppContext } from '../../context';
import { currentMember } from '../../context';
import { AppError, ok, parse } from '../../lib/http';
import { uploadsRepo } from '../files/repo';
import { filesService } from '../files/service';
import type { LocalStorage, S3Storage } from '../files/storage';
import { membersRepo } from './repo';
import { membersService } from './service';
import { MAX_INT4, pathId } from './sql';

export interface MembersRoutesOptions {
  /** Where profile images are uploaded (PATCH profile-image checks the file is there). */
  storage: LocalStorage | S3Storage;
}

/**
 * Discovery (lists of members, a member's profile) is for members who finished sign-up: an
 * account that only signed in (any e-mail of the domain) must not read its university's members.
 */
function signedUpMember(request: FastifyRequest) {
  const member = currentMember(request);
  if (member.status !== 'ACTIVE') throw new AppError('AUTH_403_SIGNUP');
  return member;
}

export async function membersRoutes(app: FastifyInstance, ctx: AppContext, options: MembersRoutesOptions): Promise<void> {
  const service = membersService(ctx.db, membersRepo(ctx.db));
  const files = filesService(options.storage, uploadsRepo(ctx.db));

  app.get('/api/members/me', async (request) => ok(await service.me(currentMember(request).id)));
  app.get('/api/members/mypage', async (request) => ok(await service.myPage(currentMember(request).id)));

  app.get('/api/members/recommendations', async (request) => ok(await service.recommendations(signedUpMember(request))));
  app.get('/api/members/popular', async (request) => ok(await service.popular(signedUpMember(request))));

  app.get('/api/members/filters', async (request) => {
    const member = signedUpMember(request);
    const query = parse(filtersQuerySchema, dropEmptyParams(request.query));
    return ok(await service.filters(member, query));
  });

  app.get('/api/members/keywords', async (request) => ok(await service.keywords(currentMember(request).id)));

  app.patch('/api/members/keywords', async (request) => {
    await service.setKeywords(currentMember(request).id, request.body);
    return ok(KEYWORDS_UPDATE_SUCCESS);
  });

  app.patch('/api/members/me/tags', async (request) => {
    await service.setTags(currentMember(request).id, request.body);
    return ok(INTERESTS_UPDATE_SUCCESS);
  });

  app.patch('/api/timetables', async (request) => {
    await service.setTimetable(currentMember(request).id, request.body);
    return ok(TIMETABLE_UPDATE_SUCCESS);
  });

  app.patch('/api/members/profile-image', async (request) => {
    const member = currentMember(request);
    const { profileImageUrl } = parse(profileImageBodySchema, request.body);
    // The existing client's three default images (contract section 11) become ours; ours are fine as they are.
    const origin = ctx.requestOrigin(request);
    const legacy = (LEGACY_DEFAULT_PROFILE_IMAGES as readonly string[]).indexOf(profileImageUrl);
    const ownDefault = profileImageUrl.startsWith(`${origin}/`) && DEFAULT_PROFILE_IMAGE_RE.test(profileImageUrl.slice(origin.length));
    if (legacy >= 0) {
      await service.setProfileImage(member.id, `${origin}${defaultProfileImagePath(legacy + 1)}`);
    } else if (ownDefault) {
      await service.setProfileImage(member.id, profileImageUrl);
    } else {
      await files.assertUsableProfileImage(member.id, profileImageUrl);
      await service.setProfileImage(member.id, profileImageUrl);
    }
    return ok(PROFILE_IMAGE_UPDATE_SUCCESS);
  });

  app.patch('/api/members/fcm-token', async (request) => {
    const { fcmToken } = parse(
      fcmTokenBodySchema.refine((b) => noControlChars(b.fcmToken), { path: ['fcmToken'] }),
      request.body,
    );
    await service.setFcmToken(currentMember(request).id, fcmToken);
    return ok(undefined, FCM_SUCCESS_CODE, FCM_SUCCESS_MESSAGE);
  });

  app.get('/api/members/:id', async (request) => {
    const id = pathId((request.params as { id?: unknown }).id);
    if (id === null) throw new AppError('COMMON400', { id: '회원 번호가 올바르지 않아요.' });
    const member = signedUpMember(request);
    if (id < 1 || id > MAX_INT4) throw new AppError('USER_404');
    return ok(await service.detail(member, id));
  });
}
