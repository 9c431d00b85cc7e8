export { mentorQueryOptions, useMentor, type MentorInfo } from './get-mentor';
export { useApplyMentor } from './apply-mentor';
