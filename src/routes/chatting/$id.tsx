import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useRouter, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { chatKeys } from '../../entities/chat-room';
import { RoomMeetup } from '../../features/meetups';
// The entity's endpoint file, not the feature: see chatting/index.tsx.
import { messagesQueryOptions } from '../../entities/chat-room/get-messages';
import { ChatRoom, LeaveRoomDialog, readChatFriend, useChatFriend } from '../../features/chat';
import { ChatSafetyMenu, useMessageReport } from '../../features/safety';
import { idParam } from '../../lib/search-params';

export const Route = createFileRoute('/chatting/$id')({
  params: {
    parse: (raw) => ({ id: idParam(raw.id) }),
    stringify: ({ id }) => ({ id: String(id) }),
  },
  // The room draws its own header (friend, back) and has no tab bar.
  staticData: { page: { headerHidden: true } },
  // Offline the room still opens: the outbox's messages show and wait for the connection.
  loader: ({ context, params }) =>
    navigator.onLine ? context.queryClient.ensureInfiniteQueryData(messagesQueryOptions(params.id)).catch(() => undefined) : undefined,
  pendingComponent: () => <Spinner />,
  component: ChatRoomPage,
});

function ChatRoomPage() {
  const { id } = Route.useParams();
  const state = useRouterState({ select: (s) => s.location.state });
  const router = useRouter();
  const queryClient = useQueryClient();
  // The header and the report sheet name the same friend, with or without router state.
  const friend = useChatFriend(id, readChatFriend(state));
  const report = useMessageReport(friend?.name ?? null);
  const [leaving, setLeaving] = useState(false);
  return (
    <>
      <ChatRoom
        // Another room is another session: connection, live list and scroll start over.
        key={id}
        roomId={id}
        friend={friend}
        onBack={() => {
          if (router.history.canGoBack()) router.history.back();
          else void router.navigate({ to: '/chatting' });
        }}
        // /profile/$id belongs to another issue; a plain path keeps this route independent of it.
        onOpenProfile={(friendId) => router.history.push(`/profile/${friendId}`)}
        menu={(roomFriend) => (
          <ChatSafetyMenu
            friend={roomFriend ? { memberId: roomFriend.friendId, name: roomFriend.name } : null}
            roomActions={[{ label: '채팅방 나가기', onSelect: () => setLeaving(true) }]}
            // The room is gone for both (the block entity refetches the room list): back to it.
            onBlocked={() => {
              void router.navigate({ to: '/chatting', replace: true });
              queryClient.removeQueries({ queryKey: chatKeys.messages(id) });
            }}
          />
        )}
        onReportMessage={report.open}
        // The pair's meetup ("약속 제안" card with 수락/거절, or "약속 잡기"), decision 0013.
        pinned={(pinnedFriend) => <RoomMeetup friendId={pinnedFriend.id} friendName={pinnedFriend.name} />}
      />
      {report.sheet}
      <LeaveRoomDialog
        roomId={leaving ? id : null}
        onClose={() => setLeaving(false)}
        // As KakaoTalk: the room closes at once and the 채팅 list shows it gone once the server agrees.
        onLeaving={() => void router.navigate({ to: '/chatting', replace: true })}
      />
    </>
  );
}
