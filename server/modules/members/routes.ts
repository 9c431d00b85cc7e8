import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  FCM_SUCCESS_CODE,
  FCM_SUCCESS_MESSAGE,
  fcmTokenBodySchema,
  filtersQuerySchema,
  INTERESTS_UPDATE_SUCCESS,
  interestsUpdatedSchema,
  KEYWORDS_UPDATE_SUCCESS,
  keywordListSchema,
  keywordsBodySchema,
  keywordsUpdatedSchema,
  memberCardPageSchema,
  memberCardSchema,
  memberDetailSchema,
  memberIdParamsSchema,
  meSchema,
  myPageSchema,
  PROFILE_IMAGE_UPDATE_SUCCESS,
  profileImageBodySchema,
  profileImageUpdatedSchema,
  tagsBodySchema,
  TIMETABLE_UPDATE_SUCCESS,
  timetableBodySchema,
  timetableUpdatedSchema,
} from '../../../contract/members';
import { DEFAULT_PROFILE_IMAGE_RE, defaultProfileImagePath, LEGACY_DEFAULT_PROFILE_IMAGES } from '../../../contract/files';
import type { AppContext } from '../../context';
import { currentMember } from '../../context';
import { AppError, ok } from '../../lib/http';
import { dropEmptyQuery, okResponse, typed } from '../../lib/route-schemas';
import { membersRepo } from './repo';
import { membersService } from './service';
import { MAX_INT4 } from '../../db/sql';

export interface MembersRoutesOptions {
  /**
   * The files module's check that an uploaded image may become this member's profile image
   * (issued to them, arrived, an image by its bytes); throws the contract's FILE_400. Passed in by
   * app.ts so modules stay apart.
   */
  assertUsableProfileImage(memberId: number, url: string): Promise<void>;
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

export async function membersRoutes(api: FastifyInstance, ctx: AppContext, options: MembersRoutesOptions): Promise<void> {
  const app = typed(api);
  const service = membersService(ctx.db, membersRepo(ctx.db));
  // Checked before the query is: an unfinished sign-up learns nothing from its own bad input.
  const signedUpOnly = async (request: FastifyRequest) => void signedUpMember(request);

  app.get('/api/members/me', { schema: { response: okResponse(meSchema) } }, async (request) => ok(await service.me(currentMember(request).id)));
  app.get('/api/members/mypage', { schema: { response: okResponse(myPageSchema) } }, async (request) => ok(await service.myPage(currentMember(request).id)));

  const cards = { schema: { response: okResponse(memberCardSchema.array()) } };
  app.get('/api/members/recommendations', cards, async (request) => ok(await service.recommendations(signedUpMember(request))));
  app.get('/api/members/popular', cards, async (request) => ok(await service.popular(signedUpMember(request))));

  app.get(
    '/api/members/filters',
    { onRequest: signedUpOnly, preValidation: dropEmptyQuery, schema: { querystring: filtersQuerySchema, response: okResponse(memberCardPageSchema) } },
    async (request) => ok(await service.filters(signedUpMember(request), request.query)),
  );

  app.get('/api/members/keywords', { schema: { response: okResponse(keywordListSchema) } }, async (request) =>
    ok(await service.keywords(currentMember(request).id)),
  );

  app.patch('/api/members/keywords', { schema: { body: keywordsBodySchema, response: okResponse(keywordsUpdatedSchema) } }, async (request) => {
    await service.setKeywords(currentMember(request).id, request.body);
    return ok(KEYWORDS_UPDATE_SUCCESS);
  });

  app.patch('/api/members/me/tags', { schema: { body: tagsBodySchema, response: okResponse(interestsUpdatedSchema) } }, async (request) => {
    await service.setTags(currentMember(request).id, request.body);
    return ok(INTERESTS_UPDATE_SUCCESS);
  });

  app.patch('/api/timetables', { schema: { body: timetableBodySchema, response: okResponse(timetableUpdatedSchema) } }, async (request) => {
    await service.setTimetable(currentMember(request).id, request.body);
    return ok(TIMETABLE_UPDATE_SUCCESS);
  });

  app.patch('/api/members/profile-image', { schema: { body: profileImageBodySchema, response: okResponse(profileImageUpdatedSchema) } }, async (request) => {
    const member = currentMember(request);
    const { profileImageUrl } = request.body;
    // The existing client's three default images (contract section 11) become ours; ours are fine as they are.
    const origin = ctx.requestOrigin(request);
    const legacy = (LEGACY_DEFAULT_PROFILE_IMAGES as readonly string[]).indexOf(profileImageUrl);
    const ownDefault = profileImageUrl.startsWith(`${origin}/`) && DEFAULT_PROFILE_IMAGE_RE.test(profileImageUrl.slice(origin.length));
    if (legacy >= 0) {
      await service.setProfileImage(member.id, `${origin}${defaultProfileImagePath(legacy + 1)}`);
    } else if (ownDefault) {
      await service.setProfileImage(member.id, profileImageUrl);
    } else {
      await options.assertUsableProfileImage(member.id, profileImageUrl);
      await service.setProfileImage(member.id, profileImageUrl);
    }
    return ok(PROFILE_IMAGE_UPDATE_SUCCESS);
  });

  app.patch('/api/members/fcm-token', { schema: { body: fcmTokenBodySchema, response: okResponse() } }, async (request) => {
    await service.setFcmToken(currentMember(request).id, request.body.fcmToken);
    return ok(undefined, FCM_SUCCESS_CODE, FCM_SUCCESS_MESSAGE);
  });

  app.get('/api/members/:id', { schema: { params: memberIdParamsSchema, response: okResponse(memberDetailSchema) } }, async (request) => {
    const { id } = request.params;
    const member = signedUpMember(request);
    if (id < 1 || id > MAX_INT4) throw new AppError('USER_404');
    return ok(await service.detail(member, id));
  });
}
