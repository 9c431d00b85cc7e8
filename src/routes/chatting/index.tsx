import { createFileRoute } from '@tanstack/react-router';
import { Spinner } from '../../components/ui/spinner';
import { ChatList } from '../../features/chat';
// The loader stays in the entry chunk: importing the entity's endpoint file, not the feature,
// keeps the chat feature in the lazily loaded route chunk.
import { chatRoomsQueryOptions } from '../../entities/chat-room/get-chat-rooms';

export const Route = createFileRoute('/chatting/')({
  staticData: { page: { title: '채팅', tabBar: true } },
  // Offline the query would wait for the network; the list shows its own loading and error states.
  loader: ({ context }) => (navigator.onLine ? context.queryClient.ensureInfiniteQueryData(chatRoomsQueryOptions()).catch(() => undefined) : undefined),
  pendingComponent: () => <Spinner />,
  component: ChatList,
});
