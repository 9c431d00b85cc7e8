import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { INTEREST_CODES, MAX_INTERESTS, interestsToMask, type InterestCode } from '../../../contract/interests';
import { admissionYear, SIGNUP_MESSAGES, type signUpBodySchema } from '../../../contract/auth';
import { slotsToMask } from '../../../contract/timetable';
import type { Db } from '../../db/client';
import { members } from '../../db/schema';
import { accountDisabled } from '../../lib/account-disabled';
import { randomToken, sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/http';
import { validSlots } from '../../lib/timetable';
import { exchangeGoogleCode, type GoogleConfig } from './google';
import type { AuthRepo } from './repo';
import type { AccessTokens } from './tokens';

const LOCAL_CODE_PREFIX = 'lc_';
const LOCAL_CODE_TTL_MS = 60_000;

export interface Session {
  accessToken: string;
  refreshToken: string;
  refreshExpiresAt: Date;
}

/** What sign-up and /auth/uniName read of the campus (the campus module's repo, passed in by app.ts). */
export interface CampusLookup {
  university(universityId: number): Promise<{ shortName: string | null } | undefined>;
  college(universityId: number, collegeId: number): Promise<{ id: number; name: string } | undefined>;
  department(departmentId: number): Promise<{ id: number; name: string; collegeId: number } | undefined>;
}

export interface AuthServiceDeps {
  db: Db;
  repo: AuthRepo;
  campus: CampusLookup;
  tokens: AccessTokens;
  refreshTtlSeconds: number;
  google?: GoogleConfig;
  localSignIn: boolean;
  allowedEmailDomains: string[];
  /** A sign-in session ended (logout, a reused refresh token, a disabled account): close its sockets. */
  sessionEnded?: (familyId: string) => void;
}

export function authService(deps: AuthServiceDeps) {
  const { repo, tokens } = deps;

  async function universityFor(email: string): Promise<number> {
    const domain = email.split('@')[1]?.toLowerCase() ?? '';
    if (deps.allowedEmailDomains.length > 0 && !deps.allowedEmailDomains.includes(domain)) throw new AppError('AUTH_403_DOMAIN');
    const id = (await repo.universityForDomain(domain)) ?? (await repo.defaultUniversity());
    if (id === undefined) throw new Error('No default university seeded');
    return id;
  }

  async function revoke(familyId: string): Promise<void> {
    await repo.revokeFamily(familyId);
    deps.sessionEnded?.(familyId);
  }

  async function newSession(memberId: number, email: string, familyId: string = randomUUID()): Promise<Session> {
    const refreshToken = randomToken();
    const refreshExpiresAt = new Date(Date.now() + deps.refreshTtlSeconds * 1000);
    await repo.insertRefresh(memberId, familyId, sha256(refreshToken), refreshExpiresAt);
    return { accessToken: await tokens.sign(memberId, email, undefined, familyId), refreshToken, refreshExpiresAt };
  }

  return {
    /** Local sign-in: a single-use code, valid for 60 s, for the e-mail the student typed. */
    async issueLocalCode(email: string, name: string): Promise<string> {
      if (!deps.localSignIn) throw new AppError('AUTH_400_CODE');
      await universityFor(email); // reject a disallowed domain on the form, not after the redirect
      const code = LOCAL_CODE_PREFIX + randomToken(24);
      await repo.insertCode(sha256(code), email.toLowerCase(), name, new Date(Date.now() + LOCAL_CODE_TTL_MS));
      void repo.deleteExpiredCodes().catch(() => undefined);
      return code;
    },

    async login(code: string, redirectUri: string): Promise<Session & { isNewUser: boolean }> {
      let identity: { email: string; name: string } | undefined;
      if (code.startsWith(LOCAL_CODE_PREFIX)) {
        if (deps.localSignIn) identity = await repo.consumeCode(sha256(code));
      } else if (deps.google) {
        identity = await exchangeGoogleCode(deps.google, code, redirectUri).catch(() => undefined);
      }
      if (!identity) throw new AppError('AUTH_400_CODE');
      let member = await repo.findMemberByEmail(identity.email);
      member ??= await repo.createMember(identity.email, identity.name, await universityFor(identity.email));
      if (member.status === 'DISABLED') throw await accountDisabled(deps.db, member.id);
      const session = await newSession(member.id, identity.email);
      return { ...session, isNewUser: member.status === 'PENDING' };
    },

    /**
     * Rotation: the presented token is spent and a new one of the same family issued. Presenting a
     * spent token again means it leaked (or a stale tab raced): the whole family is revoked.
     */
    async reissue(refreshToken: string | undefined): Promise<Session> {
      if (!refreshToken) throw new AppError('REFRESH_400');
      const hash = sha256(refreshToken);
      const spent = await repo.spendRefresh(hash);
      if (!spent) {
        const known = await repo.findRefresh(hash);
        if (!known) throw new AppError('REFRESH_401');
        await revoke(known.familyId);
        throw new AppError('REFRESH_403');
      }
      if (spent.expiresAt.getTime() < Date.now()) throw new AppError('REFRESH_401');
      const member = await repo.memberForToken(spent.memberId);
      if (!member) throw new AppError('REFRESH_401');
      if (member.status === 'DISABLED') {
        await revoke(spent.familyId);
        throw await accountDisabled(deps.db, member.id);
      }
      return newSession(member.id, member.email, spent.familyId);
    },

    async logout(refreshToken: string | undefined): Promise<void> {
      if (!refreshToken) return;
      const known = await repo.findRefresh(sha256(refreshToken));
      if (known) await revoke(known.familyId);
    },

    /** The shape was checked at the edge (signUpBodySchema); here each rule with its own code. */
    async signUp(memberId: number, universityId: number, input: z.output<typeof signUpBodySchema>): Promise<void> {
      const college = input.collegeId > 0 ? await deps.campus.college(universityId, input.collegeId) : undefined;
      if (!college) throw new AppError('USER_404_COLLEGE', { collegeId: '단과대학을 찾을 수 없어요.' });
      const department = input.departmentId > 0 ? await deps.campus.department(input.departmentId) : undefined;
      if (!department || department.collegeId !== college.id) throw new AppError('USER_404_DEPT', { departmentId: SIGNUP_MESSAGES.department });

      const interests = [...new Set(input.interests)];
      if (interests.length === 0) throw new AppError('USER_400_INTEREST', { interests: SIGNUP_MESSAGES.interests });
      if (interests.length > MAX_INTERESTS) throw new AppError('USER_400_INTEREST', { interests: '태그는 최대 3개까지 선택할 수 있어요.' });
      const unknown = interests.find((code) => !(INTEREST_CODES as readonly string[]).includes(code));
      if (unknown !== undefined) throw new AppError('USER_404_INTEREST', { interests: '알 수 없는 관심사가 있어요.' });

      const slots = validSlots(input.timeTables, 'timeTables');

      await deps.db
        .update(members)
        .set({
          membername: input.membername,
          studentNo: input.studentNo,
          admissionYear: admissionYear(input.studentNo),
          collegeId: college.id,
          departmentId: department.id,
          interestMask: interestsToMask(interests as InterestCode[]),
          timeMask: slotsToMask(slots),
          status: 'ACTIVE',
          updatedAt: sql`now()`,
        })
        .where(eq(members.id, memberId));
    },
  };
}
