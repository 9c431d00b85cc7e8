import { signUpSchema, SIGNUP_MESSAGES, type SignUpBody } from '../../../../contract/auth';
import type { InterestCode } from '../../../../contract/interests';
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

const shape = signUpSchema.shape;

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string | null {
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
}

/**
 * Spec section 5, one rule per step (0-based). Uses the shared sign-up schema so the wizard and
 * the server say the same thing. Returns the Korean message, or null when the step passes.
 */
export function validateStep(step: number, draft: ProfileDraft): string | null {
  switch (step) {
    case 0:
      return firstMessage(shape.membername.safeParse(draft.name));
    case 1:
      return firstMessage(shape.studentNo.safeParse(draft.studentNo));
    case 2:
      return draft.departmentId > 0 ? null : SIGNUP_MESSAGES.department;
    case 3:
      return firstMessage(shape.interests.safeParse(draft.interests));
    case 4:
      return firstMessage(shape.timeTables.safeParse(draft.timeTables));
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
