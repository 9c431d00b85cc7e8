export { downloadMeetupIcs } from './calendar';
export { acceptedMatchQueryOptions, useAcceptedMatchId } from './get-accepted-match';
export { complimentsQueryOptions, useCompliments } from './get-compliments';
export { meetupSuggestionsQueryOptions, useMeetupSuggestions } from './get-meetup-suggestions';
export { meetupsQueryOptions, useMeetups } from './get-meetups';
export { meetupKeys } from './keys';
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
