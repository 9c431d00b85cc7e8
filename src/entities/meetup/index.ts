export { downloadMeetupIcs } from './calendar';
export { useAcceptedMatchId } from './get-accepted-match';
export { useCompliments, useMyCompliments } from './get-compliments';
export { useMeetupSuggestions } from './get-meetup-suggestions';
export { meetupsQueryOptions, useMeetups, usePendingCheckins } from './get-meetups';
export {
  meetupMutationKeys,
  registerMeetupMutations,
  useCancelMeetup,
  useCheckinMeetup,
  useConfirmMeetup,
  useDeclineMeetup,
  useMeetupMutationState,
  useProposeMeetup,
} from './mutations';
export { meetupKeys } from './keys';
