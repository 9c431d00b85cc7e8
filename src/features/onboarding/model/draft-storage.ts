import { INTEREST_CODES, MAX_INTERESTS, type InterestCode } from '../../../../contract/interests-values';
import { slotFor, slotHours, WEEKDAYS, type Weekday } from '../../../../contract/timetable-values';
import type { Slot } from '../../../../contract/timetable';
import { SIGNUP_MAX_SLOTS } from '../../../../contract/auth-values';
import { STEP_COUNT, type ProfileDraft } from './profile-draft';

/**
 * What lives where: the wizard's unfinished answers (step, entries, whether the name was typed),
 * one JSON entry in **localStorage** under `KEY`, tagged with the member id and the time of the
 * last change. localStorage, not sessionStorage: an installed app closed mid-sign-up (or killed by
 * the phone) is a new session, and the student should find their answers again. Synchronous, so
 * the first render already shows the step (no flash of step 1). Another member signing in on this
 * device never sees it (the member id must match); a draft untouched for `MAX_AGE_MS` is ignored
 * and dropped, so a half sign-up from weeks ago does not come back. Removed when sign-up succeeds
 * and when the session ends (app-entry's `onSignedOut`). Read back checked by hand (rule 4:
 * stored data). The rest of what the app keeps on the device lives elsewhere: the query cache
 * (lib/query-persistence.ts) and the chat outbox in IndexedDB, the access token in localStorage
 * (lib/auth/token-store.ts).
 */
const KEY = 'lunchchat:profile-draft';
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

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

/** The draft `memberId` left on this device, or null (none, another member's, too old, or not one this version wrote). */
export function loadWizard(memberId: string | null): StoredWizard | null {
  if (memberId === null) return null;
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Record<string, unknown> | null;
    if (typeof stored !== 'object' || stored === null || stored.memberId !== memberId) return null;
    const { step, nameTouched, savedAt } = stored;
    // A clock set back (savedAt in the future) counts as stale too.
    const age = typeof savedAt === 'number' ? Date.now() - savedAt : NaN;
    if (!(age >= 0 && age <= MAX_AGE_MS)) {
      clearWizard();
      return null;
    }
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
    localStorage.setItem(KEY, JSON.stringify({ memberId, savedAt: Date.now(), ...wizard }));
  } catch {
    // Storage refused (private mode, full): the wizard works, a reload starts it over.
  }
}

/** After a successful sign-up, and when the session ends. */
export function clearWizard(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing stored that we could remove.
  }
}
