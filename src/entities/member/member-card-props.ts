import type { MemberCardProps } from '../../components/ui/member-card';
import type { MemberCard } from './schemas';

/** Props of the shared member card from a recommendations / popular / filters card (contract section 3). */
export function memberCardProps(card: MemberCard): MemberCardProps {
  return {
    id: card.memberId,
    name: card.memberName,
    department: card.department,
    studentNo: card.studentNo,
    imageUrl: card.profileImageUrl,
    keywords: card.userKeywords.map((keyword) => keyword.title),
    interests: card.userInterests,
  };
}
