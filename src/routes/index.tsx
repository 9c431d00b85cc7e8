import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { universityNameQueryOptions, useUniversityName } from '../entities/campus';
import { meetupsQueryOptions } from '../entities/meetup';
import { popularMembersQueryOptions, recommendationsQueryOptions } from '../entities/member';
import { FirstLoadGroup } from '../components/ui/first-load';
import { CategoryGrid, HomeHero, HomePrompts, HomeSections, mentorBannerQueryOptions } from '../features/home';
import { UpcomingMeetups } from '../features/meetups';
import { yieldToMain } from '../lib/after-paint';
import { universityDisplayName } from '../lib/university';

export const Route = createFileRoute('/')({
  staticData: { page: { tabBar: true, transparentHeader: true, layout: 'home' } },
  // Not awaited: the page shows at once and each section fills in (spec: home calls load independently).
  // Sent from tasks of their own, the first screen's two before the rest, so the route's start-up
  // task stays short (decision 0024).
  loader: ({ context }) => {
    const { queryClient } = context;
    void yieldToMain()
      .then(() => {
        void queryClient.prefetchQuery(universityNameQueryOptions());
        // With the lunches over and unanswered ("만났나요?"): no past list for them (decision 0061).
        void queryClient.prefetchQuery(meetupsQueryOptions('upcoming'));
        return yieldToMain();
      })
      .then(() => {
        void queryClient.prefetchQuery(recommendationsQueryOptions());
        void queryClient.prefetchQuery(popularMembersQueryOptions());
        void queryClient.prefetchQuery(mentorBannerQueryOptions());
      });
  },
  component: HomePage,
});

function HomePage() {
  const uniName = useUniversityName();
  useEffect(() => {
    if (uniName.error) console.error('failed to get university name', uniName.error);
  }, [uniName.error]);
  // Offline and never loaded, 다가오는 약속 and both sliders cannot load: home says so once (the first of them).
  return (
    <FirstLoadGroup>
      <HomeHero universityName={universityDisplayName(uniName.data)} />
      <CategoryGrid />
      <HomePrompts />
      <UpcomingMeetups allLink />
      <HomeSections />
    </FirstLoadGroup>
  );
}
