import { useNavigate } from '@tanstack/react-router';
import { useOpenChatRoom } from '../../entities/chat-room';
import { useMatchesAccepted } from '../../entities/match';
import { showToast } from '../../lib/toast';
import { onFailure } from './failure-toast';

/**
 * For the app's root: "이하늘님과 매칭됐어요!" with 채팅하기 (which opens the room as the profile's
 * 채팅하기 does) once the server confirms a 받은 요청's 수락. At the root, not on the card: the card
 * leaves the list with the refetch, and an accept made offline may be sent after a reload, on
 * whatever screen the student is then (the installed app reopens at home).
 */
export function useMatchedToast(): void {
  const navigate = useNavigate();
  const chat = useOpenChatRoom();
  useMatchesAccepted(({ memberId, memberName, department, imageUrl }) => {
    const openChat = () =>
      void chat.mutateAsync(memberId).then(
        (room) =>
          navigate({
            to: '/chatting/$id',
            params: { id: room.chatRoomId },
            state: { chatFriend: { friendId: memberId, name: memberName, department, imageUrl } },
          }),
        onFailure('채팅방을 열지 못했어요'),
      );
    showToast(`${memberName}님과 매칭됐어요!`, '채팅으로 먼저 인사해 보세요.', { action: { label: '채팅하기', onSelect: openChat } });
  });
}
