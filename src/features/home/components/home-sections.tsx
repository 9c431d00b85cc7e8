import { MENTOR_CONFIGS } from '../../../../contract/mentor-values';
import { usePopularMembers, useRecommendations } from '../../../entities/member';
import { useWaitingForNetwork } from '../../../lib/online-status';
import { usePartsAfterFirstPaint } from '../../../lib/use-after-first-paint';
import { useMentorBanner } from '../mentor-banner-query';
import { IntroTiles } from './intro-tiles';
import { MemberSlider } from './member-slider';
import { MentorBanner } from './mentor-banner';
import { useLogError } from './use-log-error';

/**
 * Home below the categories: every section loads on its own and stays empty on failure. They start
 * below the fold: at the app's start they are built one per frame after the first paint.
 */
export function HomeSections() {
  const shown = usePartsAfterFirstPaint(4);
  const recommendations = useRecommendations();
  const popular = usePopularMembers();
  const mentor = useMentorBanner();
  useLogError(recommendations.error, 'failed to load recommended users');
  useLogError(popular.error, 'failed to load popular members');
  useLogError(mentor.error, 'failed to load the monthly mentor');
  // Never loaded and offline: the default banner, as after a failure, rather than an empty hold.
  const mentorOffline = useWaitingForNetwork(mentor);
  return (
    <>
      {shown > 0 ? <MemberSlider id="home-recommendations" title="시간표와 관심사가 겹쳐요" members={recommendations.data} query={recommendations} /> : null}
      {shown > 1 ? <MemberSlider id="home-popular" title="이런 사람은 어때요?" members={popular.data} query={popular} /> : null}
      {/* Spec section 8: a failed mentor call falls back to the default (community) config. */}
      {shown > 2 ? (
        <MentorBanner mentor={mentor.data ?? (mentor.isError || mentorOffline ? MENTOR_CONFIGS.default : undefined)} loading={mentor.isPending} />
      ) : null}
      {shown > 3 ? <IntroTiles /> : null}
    </>
  );
}
