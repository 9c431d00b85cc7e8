import { useEffect } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { useMember } from '../../../entities/member';
import { MatchButton } from './match-button';
import { ProfileBody } from './profile-body';

/** /profile/{id}: another member's profile with the match button. */
export function MemberProfile({ memberId }: { memberId: number }) {
  const detail = useMember(memberId);
  useEffect(() => {
    if (detail.error) console.error('failed to load the member profile', detail.error);
  }, [detail.error]);
  if (detail.isPending) return <Spinner />;
  if (!detail.data) return <EmptyState title="프로필을 불러오지 못했어요" text="잠시 후 다시 시도해 주세요." />;
  return (
    <>
      <ProfileBody profile={detail.data} />
      <MatchButton key={detail.data.id} member={detail.data} />
    </>
  );
}
