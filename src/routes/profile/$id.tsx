import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { z } from 'zod';
// The keys files only: those features stay out of this route's chunk.
import { chatKeys } from '../../features/chat/api/keys';
import { exploreKeys } from '../../features/explore/api/keys';
import { homeKeys } from '../../features/home/api/keys';
import { matchingKeys } from '../../features/matching';
import { memberKeys } from '../../features/member';
import { memberDetailQueryOptions, MemberProfile, profileKeys } from '../../features/profile';
import { MemberSafetyActions } from '../../features/safety';

const paramsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** What a block changes (section 15): discovery lists lose the member at once; the rest is refetched. */
const BLOCK_EFFECTS = {
  memberLists: [homeKeys.all, exploreKeys.all],
  invalidate: [matchingKeys.all, chatKeys.rooms(), memberKeys.myPage()],
};

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
  const router = useRouter();
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
      footer={(member) => (
        <MemberSafetyActions
          memberId={member.id}
          name={member.memberName}
          effects={BLOCK_EFFECTS}
          // The profile is gone for the blocker too: back to where they came from.
          onBlocked={(blockedId) => {
            if (router.history.canGoBack()) router.history.back();
            else void router.navigate({ to: '/explore' });
            queryClient.removeQueries({ queryKey: profileKeys.detail(blockedId) });
          }}
        />
      )}
    />
  );
}
