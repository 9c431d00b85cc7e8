import { INTEREST_CODES, MAX_INTERESTS, type InterestCode } from '../../../../contract/interests-values';
import { slotFor, slotHours, WEEKDAYS, type Weekday } from '../../../../contract/timetable-values';
import type { Slot } from '../../../../contract/timetable';
import { SIGNUP_MAX_SLOTS } from '../../../../contract/auth-values';
import { STEP_COUNT, type ProfileDraft } from './profile-draft';

/**
 * The wizard's unfinished answers, so a reload (or the app reopened in the same tab) returns to the
 * same step with what was entered. sessionStorage, one entry: synchronous, so the first render
 * already shows the step (no flash of step 1), and gone with the tab. Kept with the member id, so
 * another member signing in on this device never sees it; removed when sign-up succeeds and when
 * the session ends (app-entry's `onSignedOut`). Read back checked by hand (rule 4: stored data).
 */
const KEY = 'lunchchat:profile-draft';

export interface StoredWizard {
  step: number;
  draft: ProfileDraft;
  /** Whether the student typed a name (until then step 1 shows the one given at sign-in). */
  nameTouched: boolean;
}

const isInterest = (value: unknown): value is InterestCode => typeof value === 'string' && (INTEREST_CODES as readonly string[]).includes(value);
const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

/** Whole-hour slots of the grid only, rebuilt from the day and hours (nothing else kept). */
function readSlots(value: unknown): Slot[] | null {
  if (!Array.isArray(value) || value.length > SIGNUP_MAX_SLOTS) return null;
  const slots: Slot[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null) return null;
    const { dayOfWeek, startTime, endTime } = item as Record<string, unknown>;
    if (!(WEEKDAYS as readonly unknown[]).includes(dayOfWeek) || typeof startTime !== 'string' || typeof endTime !== 'string') return null;
    const hours = slotHours({ startTime, endTime });
    if (!hours) return null;
    slots.push(...hours.map((hour) => slotFor(dayOfWeek as Weekday, hour)));
  }
  return slots;
}

function readDraft(value: unknown): ProfileDraft | null {
  if (typeof value !== 'object' || value === null) return null;
  const { name, studentNo, collegeId, departmentId, interests, timeTables } = value as Record<string, unknown>;
  if (typeof name !== 'string' || typeof studentNo !== 'string' || !isId(collegeId) || !isId(departmentId)) return null;
  if (!Array.isArray(interests) || interests.length > MAX_INTERESTS || !interests.every(isInterest)) return null;
  const slots = readSlots(timeTables);
  if (!slots) return null;
  return { name, studentNo, collegeId, departmentId, interests, timeTables: slots };
}

/** The draft `memberId` left in this tab, or null (none, another member's, or not one this version wrote). */
export function loadWizard(memberId: string | null): StoredWizard | null {
  if (memberId === null) return null;
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Record<string, unknown> | null;
    if (typeof stored !== 'object' || stored === null || stored.memberId !== memberId) return null;
    const { step, nameTouched } = stored;
    const draft = readDraft(stored.draft);
    if (!draft || !Number.isInteger(step) || (step as number) < 0 || (step as number) >= STEP_COUNT || typeof nameTouched !== 'boolean') return null;
    return { step: step as number, draft, nameTouched };
  } catch {
    return null;
  }
}

export function saveWizard(memberId: string | null, wizard: StoredWizard): void {
  if (memberId === null) return;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ memberId, ...wizard }));
  } catch {
    // Storage refused (private mode, full): the wizard works, a reload starts it over.
  }
}

/** After a successful sign-up, and when the session ends. */
export function clearWizard(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored that we could remove.
  }
}
