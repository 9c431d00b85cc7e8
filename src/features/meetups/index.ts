export { ComplimentCounts, MyComplimentCounts } from './components/compliment-counts';
export { CHECKIN_NEXT, MeetupCard } from './components/meetup-card';
export { MeetupList, UpcomingMeetups } from './components/meetup-lists';
export { PlanMeetupButton } from './components/plan-meetup-sheet';
export { ProfilePlanMeetup, RoomMeetup } from './components/room-meetup';
