import { z } from 'zod';
import { INTEREST_CODES, MAX_INTERESTS, maskToInterests, type InterestCode } from '../../../contract/interests';
import {
  noControlChars,
  plainLine,
  UNSAFE_TEXT_MESSAGE,
  KEYWORD_DESCRIPTION_MAX,
  KEYWORD_TITLE_MAX,
  KEYWORD_TYPES,
  MATCH_STATUSES,
  type Keyword,
  type KeywordType,
  type MatchStatus,
  type Me,
  type MemberCard,
  type MemberDetail,
  type MyPage,
  type Paged,
  type keywordsBodySchema,
  type tagsBodySchema,
  type timetableBodySchema,
} from '../../../contract/members';
import { maskToSlots, slotsToMask } from '../../../contract/timetable';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/http';
import { validSlots } from '../../lib/timetable';
import * as ranking from './ranking';
import type { MembersRepo } from './repo';

type KeywordRow = Awaited<ReturnType<MembersRepo['keywordsOf']>>[number];

function toKeyword(row: Pick<KeywordRow, 'id' | 'type' | 'title' | 'description'>): Keyword {
  return { id: row.id, type: row.type as KeywordType, title: row.title, description: row.description };
}

function toCard(row: ranking.CardRow): MemberCard {
  return {
    memberId: row.id,
    memberName: row.name ?? '',
    profileImageUrl: row.profile_image_url,
    department: row.department ?? '',
    studentNo: row.student_no ?? '',
    userInterests: maskToInterests(row.interest_mask),
    userKeywords: (row.keywords ?? []).map(toKeyword),
  };
}

/** Characters as a person counts them (한글 syllables and emoji are one each). */
const charCount = (s: string) => [...s].length;

// ---------- input shapes: first the shape (COMMON400), then each rule with its own code ----------

const keywordItemShape = z.object({
  type: z.unknown().optional(),
  title: z.unknown().optional(),
  description: z.unknown().optional(),
});

/** PATCH /keywords: exactly one keyword of each type, each rule with its contract code. */
function validKeywords({ keywords }: z.output<typeof keywordsBodySchema>): { type: KeywordType; title: string; description: string }[] {
  const seen = new Set<KeywordType>();
  const out = keywords.map((raw, i) => {
    const item = keywordItemShape.safeParse(raw);
    if (!item.success || raw === null || Array.isArray(raw)) throw new AppError('KEYWORD_400', { [`keywords.${i}`]: '키워드 형식이 올바르지 않아요.' });
    const { type, title, description } = item.data;
    if (type === undefined || type === null || type === '') {
      throw new AppError('KEYWORD_400_TYPE_REQUIRED', { [`keywords.${i}.type`]: '키워드 종류를 선택해 주세요.' });
    }
    if (typeof type !== 'string' || !(KEYWORD_TYPES as readonly string[]).includes(type)) {
      throw new AppError('KEYWORD_400', { [`keywords.${i}.type`]: '키워드 종류는 EXPRESS, GOAL, INTEREST 중 하나예요.' });
    }
    const kind = type as KeywordType;
    if (seen.has(kind)) throw new AppError('KEYWORD_400_DUPLICATE', { [`keywords.${i}.type`]: '같은 종류의 키워드가 두 번 있어요.' });
    seen.add(kind);
    if (description === undefined || description === null || (typeof description === 'string' && description.trim() === '')) {
      throw new AppError('KEYWORD_404_DESC_REQUIRED', { [`keywords.${i}.description`]: '키워드 설명을 입력해 주세요.' });
    }
    if (typeof description !== 'string' || charCount(description.trim()) > KEYWORD_DESCRIPTION_MAX) {
      throw new AppError('KEYWORD_400', { [`keywords.${i}.description`]: '설명은 100자 이하로 입력해 주세요.' });
    }
    if (!noControlChars(description)) throw new AppError('KEYWORD_400', { [`keywords.${i}.description`]: UNSAFE_TEXT_MESSAGE });
    if (typeof title !== 'string' || title.trim() === '' || charCount(title.trim()) > KEYWORD_TITLE_MAX) {
      throw new AppError('KEYWORD_400', { [`keywords.${i}.title`]: '키워드는 1~5자로 입력해 주세요.' });
    }
    if (!plainLine(title.trim())) throw new AppError('KEYWORD_400', { [`keywords.${i}.title`]: UNSAFE_TEXT_MESSAGE });
    return { type: kind, title: title.trim(), description: description.trim() };
  });
  if (out.length !== KEYWORD_TYPES.length) {
    throw new AppError('KEYWORD_400', { keywords: '세 가지 키워드를 모두 입력해 주세요.' });
  }
  return out;
}

function validInterestMask({ interestIds }: z.output<typeof tagsBodySchema>): number {
  const ids = [...new Set(interestIds)];
  if (ids.length === 0) throw new AppError('USER_400_INTEREST', { interestIds: '태그를 하나 이상 선택해주세요' });
  if (ids.length > MAX_INTERESTS) throw new AppError('INTEREST_400', { interestIds: '태그는 최대 3개까지 선택할 수 있어요.' });
  if (ids.some((id) => id < 1 || id > INTEREST_CODES.length)) throw new AppError('USER_404_INTEREST', { interestIds: '알 수 없는 관심사가 있어요.' });
  return ids.reduce((mask, id) => mask | (1 << (id - 1)), 0);
}

function matchStatusFor(callerId: number, match: { requesterId: number; status: string } | undefined): MatchStatus {
  // An expired request is as if there were none: a new one may be sent (section 15); a declined
  // one too, for both (the requester is not told, decision 0050).
  if (!match || match.status === 'EXPIRED' || match.status === 'DECLINED') return 'NONE';
  if (match.status === 'ACCEPTED') return 'ACCEPTED';
  const status: MatchStatus = match.requesterId === callerId ? 'REQUESTED' : 'RECEIVED';
  return MATCH_STATUSES.includes(status) ? status : 'NONE';
}

export function membersService(db: Db, repo: MembersRepo) {
  async function loadSelf(memberId: number) {
    const profile = await repo.profile(memberId);
    if (!profile) throw new AppError('USER_404');
    const keywordRows = await repo.keywordsOf([memberId]);
    return { profile, keywords: keywordRows.map(toKeyword) };
  }

  return {
    async me(memberId: number): Promise<Me> {
      const { profile, keywords } = await loadSelf(memberId);
      return {
        profileImageUrl: profile.profileImageUrl,
        memberName: profile.membername ?? profile.accountName,
        studentNo: profile.studentNo ?? '',
        department: profile.department ?? '',
        userInterests: maskToInterests(profile.interestMask),
        userKeywords: keywords,
        timeTables: maskToSlots(profile.timeMask),
      };
    },

    async myPage(memberId: number): Promise<MyPage> {
      const [{ profile, keywords }, counters] = await Promise.all([loadSelf(memberId), repo.counters(memberId)]);
      return {
        profileImageUrl: profile.profileImageUrl,
        name: profile.membername ?? profile.accountName,
        studentId: profile.studentNo ?? '',
        department: profile.department ?? '',
        completed: counters.completed,
        requested: counters.requested,
        received: counters.received,
        keywords: keywords.map((k) => k.title),
        tags: maskToInterests(profile.interestMask),
      };
    },

    async recommendations(caller: ranking.Caller): Promise<MemberCard[]> {
      return (await ranking.recommendations(db, caller)).map(toCard);
    },

    async popular(caller: ranking.Caller): Promise<MemberCard[]> {
      return (await ranking.popular(db, caller)).map(toCard);
    },

    async filters(caller: ranking.Caller, input: ranking.FilterInput): Promise<Paged<MemberCard>> {
      const { rows, total } = await ranking.filters(db, caller, input);
      const totalPages = Math.ceil(total / input.size);
      return {
        data: rows.map(toCard),
        meta: { currentPage: input.page, pageSize: input.size, totalItems: total, totalPages, hasNext: input.page + 1 < totalPages },
      };
    },

    /** Another member's profile: same university only; anything else is indistinguishable from "no such member". */
    async detail(caller: { id: number; universityId: number }, memberId: number): Promise<MemberDetail> {
      const [profile, match, keywordRows] = await Promise.all([
        repo.visibleProfile(caller.universityId, memberId, caller.id),
        repo.matchBetween(caller.id, memberId),
        repo.keywordsOf([memberId]),
      ]);
      if (!profile) throw new AppError('USER_404');
      return {
        id: profile.id,
        memberName: profile.membername ?? profile.accountName,
        studentNo: profile.studentNo ?? '',
        university: profile.university,
        college: profile.college ?? '',
        department: profile.department ?? '',
        profileImageUrl: profile.profileImageUrl,
        userKeywords: keywordRows.map(toKeyword),
        userInterests: maskToInterests(profile.interestMask),
        timeTables: maskToSlots(profile.timeMask),
        matchStatus: memberId === caller.id ? 'NONE' : matchStatusFor(caller.id, match),
      };
    },

    async keywords(memberId: number): Promise<Keyword[]> {
      return (await repo.keywordsOf([memberId])).map(toKeyword);
    },

    async setTags(memberId: number, body: z.output<typeof tagsBodySchema>): Promise<InterestCode[]> {
      const mask = validInterestMask(body);
      await repo.setInterests(memberId, mask);
      return maskToInterests(mask);
    },

    async setKeywords(memberId: number, body: z.output<typeof keywordsBodySchema>): Promise<void> {
      await repo.replaceKeywords(memberId, validKeywords(body));
    },

    async setTimetable(memberId: number, { timeTableList }: z.output<typeof timetableBodySchema>): Promise<void> {
      await repo.setTimetable(memberId, slotsToMask(validSlots(timeTableList, 'timeTableList')));
    },

    async setProfileImage(memberId: number, url: string): Promise<void> {
      await repo.setProfileImage(memberId, url);
    },

    async setFcmToken(memberId: number, token: string): Promise<void> {
      await repo.setFcmToken(memberId, token);
    },
  };
}
