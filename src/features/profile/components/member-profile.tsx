import { useEffect, type ReactNode } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { useMemberDetail } from '../api/member-detail';
import type { MemberDetailData } from '../api/schemas';
import { MatchButton } from './match-button';
import { ProfileBody } from './profile-body';

/** /profile/{id}: another member's profile with the match button. */
interface MemberProfileProps {
  memberId: number;
  onMatchChange?: () => void;
  onChatOpened?: () => void;
  /** Under the profile, composed by the route (e.g. the safety feature's 신고하기 / 차단하기). */
  footer?: (member: MemberDetailData) => ReactNode;
}

export function MemberProfile({ memberId, onMatchChange, onChatOpened, footer }: MemberProfileProps) {
  const detail = useMemberDetail(memberId);
  useEffect(() => {
    if (detail.error) console.error('failed to load the member profile', detail.error);
  }, [detail.error]);
  if (detail.isPending) return <Spinner />;
  if (!detail.data) return <EmptyState title="프로필을 불러오지 못했어요" text="잠시 후 다시 시도해 주세요." />;
  return (
    <>
      <ProfileBody profile={detail.data} />
      {footer?.(detail.data)}
      <MatchButton key={detail.data.id} member={detail.data} onMatchChange={onMatchChange} onChatOpened={onChatOpened} />
    </>
  );
}
