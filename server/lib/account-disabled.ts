import { eq } from 'drizzle-orm';
import { accountDisabledUntilMessage } from '../../contract/envelope-values';
import type { Db } from '../db/client';
import { memberSuspensions } from '../db/schema';
import { AppError } from './http';

/**
 * AUTH_403_DISABLED for a suspended member (section 16): a timed suspension's says until when, in
 * its message and as `result.suspendedUntil`, so the sign-in screen can tell the student when to
 * come back (extension 정지 기간). Read only once the member is known to be DISABLED, so the
 * requests of everyone else pay nothing for it.
 */
export async function accountDisabled(db: Pick<Db, 'select'>, memberId: number): Promise<AppError> {
  const [row] = await db.select({ until: memberSuspensions.suspendedUntil }).from(memberSuspensions).where(eq(memberSuspensions.memberId, memberId));
  if (!row?.until) return new AppError('AUTH_403_DISABLED');
  return new AppError('AUTH_403_DISABLED', { suspendedUntil: row.until.toISOString() }, accountDisabledUntilMessage(row.until.getTime()));
}
