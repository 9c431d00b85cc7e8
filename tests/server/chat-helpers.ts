import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/db/client';
import { matches } from '../../server/db/schema';
import { bearer, newMember, type Session } from './harness';

let seq = 0;
/** A unique address per call (suites share a database across tests). */
export function email(tag: string): string {
  return `${tag}.${randomBytes(3).toString('hex')}.${++seq}@catholic.ac.kr`;
}

/** The matches API may not exist yet: an ACCEPTED match is inserted directly. */
export async function acceptMatch(db: Db, requesterId: number, targetId: number, status: 'ACCEPTED' | 'REQUESTED' = 'ACCEPTED') {
  await db.insert(matches).values({ requesterId, targetId, status });
}

export interface Pair {
  a: Session;
  b: Session;
  roomId: number;
}

/** Two signed-up members with an accepted match and an open room. */
export async function matchedPair(app: FastifyInstance, db: Db, tag = 'pair'): Promise<Pair> {
  const a = await newMember(app, email(`${tag}a`), { membername: '가나' });
  const b = await newMember(app, email(`${tag}b`), { membername: '다라' });
  await acceptMatch(db, a.memberId, b.memberId);
  const res = await app.inject({ method: 'POST', url: `/api/chatrooms?friendId=${b.memberId}`, headers: bearer(a) });
  if (res.statusCode !== 200) throw new Error(`open room failed: ${res.statusCode} ${res.body}`);
  return { a, b, roomId: res.json().result.chatRoomId as number };
}
