import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
// The keys file only: the chat feature stays out of this route's chunk.
import { chatKeys } from '../../features/chat/api/keys';
import { matchingKeys } from '../../features/matching';
import { memberKeys } from '../../features/member';
import { ComplimentCounts, ProfilePlanMeetup } from '../../features/meetups';
import { memberDetailQueryOptions, MemberProfile } from '../../features/profile';

const paramsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const Route = createFileRoute('/profile/$id')({
  params: {
    parse: (raw) => paramsSchema.parse(raw),
    stringify: ({ id }) => ({ id: String(id) }),
  },
  staticData: { page: { title: '프로필 상세' } },
  // Not awaited and failures ignored: the screen shows its own loading and error states.
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(memberDetailQueryOptions(params.id));
  },
  component: ProfilePage,
});

function ProfilePage() {
  const { id } = Route.useParams();
  const queryClient = useQueryClient();
  return (
    <MemberProfile
      key={id}
      memberId={id}
      // A request or an acceptance changes the match lists and the my-page counters.
      onMatchChange={() => {
        void queryClient.invalidateQueries({ queryKey: matchingKeys.all });
        void queryClient.invalidateQueries({ queryKey: memberKeys.myPage() });
      }}
      onChatOpened={() => void queryClient.invalidateQueries({ queryKey: chatKeys.rooms() })}
      extra={(member) => (
        <>
          <ComplimentCounts memberId={member.id} />
          {member.matchStatus === 'ACCEPTED' ? <ProfilePlanMeetup memberId={member.id} memberName={member.memberName} /> : null}
        </>
      )}
    />
  );
}
