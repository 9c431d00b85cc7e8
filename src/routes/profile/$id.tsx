import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { memberKeys, memberQueryOptions } from '../../entities/member';
import { ComplimentCounts, ProfilePlanMeetup } from '../../features/meetups';
import { MemberProfile } from '../../features/profile';
import { MemberSafetyActions } from '../../features/safety';
import { idParam } from '../../lib/search-params';

export const Route = createFileRoute('/profile/$id')({
  params: {
    parse: (raw) => ({ id: idParam(raw.id, Number.MAX_SAFE_INTEGER) }),
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
  const queryClient = useQueryClient();
  const router = useRouter();
  // A request, an acceptance, an opened chat or a block refreshes the lists they change through
  // the entities' own mutations (entities/match, entities/chat-room, entities/block).
  return (
    <MemberProfile
      key={id}
      memberId={id}
      extra={(member) => (
        <>
          <ComplimentCounts memberId={member.id} />
          {member.matchStatus === 'ACCEPTED' ? <ProfilePlanMeetup memberId={member.id} memberName={member.memberName} /> : null}
        </>
      )}
      footer={(member) => (
        <MemberSafetyActions
          memberId={member.id}
          name={member.memberName}
          // The profile is gone for the blocker too: back to where they came from.
          onBlocked={(blockedId) => {
            if (router.history.canGoBack()) router.history.back();
            else void router.navigate({ to: '/explore' });
            queryClient.removeQueries({ queryKey: memberKeys.detail(blockedId) });
          }}
        />
      )}
    />
  );
}
