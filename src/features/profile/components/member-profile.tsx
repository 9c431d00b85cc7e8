import { type ReactNode } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { FirstLoad } from '../../../components/ui/first-load';
import { useMember, type MemberDetail } from '../../../entities/member';
import { MatchButton } from './match-button';
import { ProfileBody } from './profile-body';
import { ApiError } from '../../../lib/http';
import { useLogError } from '../../../lib/use-log-error';

/** /profile/{id}: another member's profile with the match button. */
interface MemberProfileProps {
  memberId: number;
  /** Under the profile (e.g. received compliments and "약속 잡기", composed by the route). */
  extra?: (member: { id: number; memberName: string; matchStatus: string }) => ReactNode;
  /** Under that, composed by the route (e.g. the safety feature's 신고하기 / 차단하기). */
  footer?: (member: MemberDetail) => ReactNode;
}

export function MemberProfile({ memberId, extra, footer }: MemberProfileProps) {
  const detail = useMember(memberId);
  useLogError('the member profile', detail.error);
  if (detail.isPending) return <FirstLoad query={detail} />;
  // 404 USER_404: the member left, is suspended, or one of the two blocked the other (section 15,
  // which never says which). Trying again will not help, and a profile kept in the cache from
  // before is not shown with a 채팅하기 that cannot work.
  if (detail.error instanceof ApiError && detail.error.status === 404) {
    return <EmptyState title="프로필을 볼 수 없어요" text="탈퇴했거나 지금은 볼 수 없는 회원이에요." />;
  }
  if (!detail.data) return <EmptyState title="프로필을 불러오지 못했어요" text="잠시 후 다시 시도해 주세요." />;
  return (
    <>
      <ProfileBody profile={detail.data} />
      {extra?.({ id: detail.data.id, memberName: detail.data.memberName, matchStatus: detail.data.matchStatus })}
      {footer?.(detail.data)}
      <MatchButton key={detail.data.id} member={detail.data} />
    </>
  );
}
