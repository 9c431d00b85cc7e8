import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { universityNameQueryOptions, useUniversityName } from '../entities/campus';
import { popularMembersQueryOptions, recommendationsQueryOptions } from '../entities/member';
import { CategoryGrid, HomeHero, HomeSections, mentorBannerQueryOptions } from '../features/home';
import { universityDisplayName } from '../lib/university';

export const Route = createFileRoute('/')({
  staticData: { page: { tabBar: true, transparentHeader: true, layout: 'home' } },
  // Not awaited: the page shows at once and each section fills in (spec: home calls load independently).
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(universityNameQueryOptions());
    void context.queryClient.prefetchQuery(recommendationsQueryOptions());
    void context.queryClient.prefetchQuery(popularMembersQueryOptions());
    void context.queryClient.prefetchQuery(mentorBannerQueryOptions());
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
      <HomeSections />
    </>
  );
}
