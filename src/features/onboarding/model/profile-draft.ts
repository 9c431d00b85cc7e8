import { MEMBER_NAME_MAX, SIGNUP_MAX_SLOTS, SIGNUP_MESSAGES } from '../../../../contract/auth-values';
import type { SignUpBody } from '../../../../contract/auth';
import { MAX_INTERESTS, type InterestCode } from '../../../../contract/interests-values';
import type { Slot } from '../../../../contract/timetable';

export interface ProfileDraft {
  name: string;
  studentNo: string;
  collegeId: number;
  departmentId: number;
  interests: InterestCode[];
  timeTables: Slot[];
}

export const EMPTY_DRAFT: ProfileDraft = {
  name: '',
  studentNo: '',
  collegeId: 0,
  departmentId: 0,
  interests: [],
  timeTables: [],
};

export const STEP_COUNT = 5;

/**
 * Spec section 5, one rule per step (0-based): the sign-up schema's rules (contract/auth.ts
 * `signUpSchema`) with its messages, checked by hand so the wizard loads no zod (decision 0022);
 * the server checks the same body with the schema. Returns the Korean message, or null when the
 * step passes.
 */
export function validateStep(step: number, draft: ProfileDraft): string | null {
  switch (step) {
    case 0: {
      const name = draft.name.trim();
      if (name.length < 1) return SIGNUP_MESSAGES.name;
      return name.length > MEMBER_NAME_MAX ? SIGNUP_MESSAGES.nameTooLong : null;
    }
    case 1:
      return /^\d{2}$/.test(draft.studentNo.trim()) ? null : SIGNUP_MESSAGES.studentNo;
    case 2:
      return draft.departmentId > 0 ? null : SIGNUP_MESSAGES.department;
    case 3:
      if (draft.interests.length < 1) return SIGNUP_MESSAGES.interests;
      return draft.interests.length > MAX_INTERESTS ? SIGNUP_MESSAGES.tooManyInterests : null;
    case 4:
      return draft.timeTables.length >= 1 && draft.timeTables.length <= SIGNUP_MAX_SLOTS ? null : SIGNUP_MESSAGES.timeTables;
    default:
      return null;
  }
}

export function toSignUpBody(draft: ProfileDraft): SignUpBody {
  return {
    membername: draft.name.trim(),
    studentNo: draft.studentNo.trim(),
    collegeId: draft.collegeId,
    departmentId: draft.departmentId,
    interests: draft.interests,
    timeTables: draft.timeTables,
  };
}
