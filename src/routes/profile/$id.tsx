import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { memberQueryOptions } from '../../entities/member';
import { MemberProfile } from '../../features/profile';

const paramsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const Route = createFileRoute('/profile/$id')({
  params: {
    parse: (raw) => paramsSchema.parse(raw),
    stringify: ({ id }) => ({ id: String(id) }),
  },
  staticData: { page: { title: '프로필 상세' } },
  // Not awaited and failures ignored: the screen shows its own loading and error states.
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(memberQueryOptions(params.id));
  },
  component: ProfilePage,
});

function ProfilePage() {
  const { id } = Route.useParams();
  // A request, an acceptance or an opened chat refreshes the lists they change through the
  // entities' own mutations (entities/match, entities/chat-room).
  return <MemberProfile key={id} memberId={id} />;
}
