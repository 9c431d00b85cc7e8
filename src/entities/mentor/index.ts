export { mentorKeys } from './keys';
export { getMentor, mentorQueryOptions, useMentor, type MentorInfo } from './get-mentor';
export { applyMentor, useApplyMentor } from './apply-mentor';
