import type { BlockedMember, ReportCreated, ReportInput } from '../../../contract/safety';
import type { Db } from '../../db/client';
import { MAX_INT4 } from '../../db/sql';
import { AppError } from '../../lib/http';
import type { SafetyRepo } from './repo';

interface Caller {
  id: number;
  universityId: number;
}

export interface SafetyHooks {
  /**
   * Inside the block's transaction, after the block row: what another module closes for the pair
   * (app.ts hands in the meetups', which cancels their open meetups). Nothing in it may tell
   * either member: the blocked member is never told.
   */
  closePair?(tx: Pick<Db, 'execute'>, blockerId: number, blockedId: number): Promise<void>;
  /** After a block committed: both members' open sockets stop receiving the pair's room. */
  onBlocked?(blockerId: number, blockedId: number, roomId: number): void;
  /** After an unblock committed: the pair's room counts again towards both members' unread totals. */
  onUnblocked?(blockerId: number, blockedId: number): void;
}

export function safetyService(db: Db, repo: SafetyRepo, hooks: SafetyHooks = {}) {
  return {
    /** POST /api/members/{id}/block: idempotent; withdraws pending requests and closes the pair's meetups in the same transaction. */
    async block(caller: Caller, targetId: number): Promise<void> {
      if (targetId === caller.id) throw new AppError('COMMON400', { id: '자기 자신은 차단할 수 없어요.' });
      if (targetId < 1 || targetId > MAX_INT4) throw new AppError('USER_404');
      await db.transaction(async (tx) => {
        const people = await repo.lockPair(tx, caller.id, targetId);
        const target = people.find((p) => p.id === targetId);
        // Only a member the caller could meet: another university's is "no such member". A
        // member who blocked the caller is still blockable (and nothing here tells them apart).
        if (!target || target.university_id !== caller.universityId || target.status === 'PENDING') throw new AppError('USER_404');
        await repo.block(tx, caller.id, targetId);
        await hooks.closePair?.(tx, caller.id, targetId);
      });
      const roomId = await repo.roomOf(caller.id, targetId);
      if (roomId !== undefined) hooks.onBlocked?.(caller.id, targetId, roomId);
    },

    /** DELETE /api/members/{id}/block: idempotent; the other direction, if any, stays. */
    async unblock(caller: Caller, targetId: number): Promise<void> {
      if (targetId < 1 || targetId > MAX_INT4 || !(await repo.member(targetId))) throw new AppError('USER_404');
      await repo.unblock(caller.id, targetId);
      hooks.onUnblocked?.(caller.id, targetId);
    },

    async blocks(caller: Caller): Promise<BlockedMember[]> {
      const rows = await repo.blocks(caller.id);
      return rows.map((r) => ({ memberId: Number(r.member_id), memberName: r.name ?? '', blockedAt: new Date(Number(r.blocked_ms)).toISOString() }));
    },

    /** POST /api/reports. */
    async report(caller: Caller, input: ReportInput): Promise<ReportCreated> {
      if (input.targetMemberId === caller.id) throw new AppError('COMMON400', { targetMemberId: '자기 자신은 신고할 수 없어요.' });
      if (input.targetMemberId > MAX_INT4) throw new AppError('USER_404');
      const target = await repo.member(input.targetMemberId);
      if (!target || target.university_id !== caller.universityId || target.status === 'PENDING') throw new AppError('USER_404');
      let messageText: string | undefined;
      if (input.messageId !== undefined) {
        const message = await repo.messageFor(caller.id, input.targetMemberId, input.messageId);
        if (!message) throw new AppError('COMMON400', { messageId: '신고할 메시지를 찾을 수 없어요. 이 회원과의 채팅방에 있는 메시지만 첨부할 수 있어요.' });
        messageText = message.content;
      }
      const stored = await db.transaction((tx) =>
        repo.insertReport(tx, {
          reporterId: caller.id,
          targetId: input.targetMemberId,
          reason: input.reason,
          detail: input.detail,
          messageId: input.messageId,
          messageText,
        }),
      );
      return stored.already ? { reportId: stored.id, alreadyReported: true } : { reportId: stored.id };
    },
  };
}
