import { createFileRoute } from '@tanstack/react-router';
import { mentorQueryOptions } from '../entities/mentor/get-mentor';
import { MentorPage } from '../features/mentor/components/mentor-page';

// Spec: loaded lazily. The router plugin splits the component into its own chunk; the loader
// imports only the entity's endpoint file so the page's code stays out of the entry chunk.
export const Route = createFileRoute('/monthly-mentor')({
  staticData: { page: { title: '이달의 커피챗 멘토' } },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(mentorQueryOptions());
  },
  component: MentorPage,
});
