import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { universityNameQueryOptions, useUniversityName } from '../entities/campus';
import { meetupsQueryOptions } from '../entities/meetup';
import { popularMembersQueryOptions, recommendationsQueryOptions } from '../entities/member';
import { CategoryGrid, HomeHero, HomeSections, mentorBannerQueryOptions } from '../features/home';
import { UpcomingMeetups } from '../features/meetups';
import { yieldToMain } from '../lib/after-paint';
import { universityDisplayName } from '../lib/university';

export const Route = createFileRoute('/')({
  staticData: { page: { tabBar: true, transparentHeader: true, layout: 'home' } },
  // Not awaited: the page shows at once and each section fills in (spec: home calls load independently).
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(universityNameQueryOptions());
    void context.queryClient.prefetchQuery(meetupsQueryOptions('upcoming'));
    // Below the fold: sent from a task of their own, so the first route's start-up task stays short (decision 0024).
    void yieldToMain().then(() => {
      void context.queryClient.prefetchQuery(recommendationsQueryOptions());
      void context.queryClient.prefetchQuery(popularMembersQueryOptions());
      void context.queryClient.prefetchQuery(mentorBannerQueryOptions());
    });
  },
  component: HomePage,
});

function HomePage() {
  const uniName = useUniversityName();
  useEffect(() => {
    if (uniName.error) console.error('failed to get university name', uniName.error);
  }, [uniName.error]);
  return (
    <>
      <HomeHero universityName={universityDisplayName(uniName.data)} />
      <CategoryGrid />
      <UpcomingMeetups />
      <HomeSections />
    </>
  );
}
