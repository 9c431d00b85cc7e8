export { mentorKeys } from './api/keys';
export { applyMentor, useApplyMentor } from './api/apply-mentor';
export { fetchMentor, mentorQueryOptions, useMentor, type MentorInfo } from './api/get-mentor';
export { formatPhone, MentorArticle, MentorPage, type MentorArticleData } from './components/mentor-page';
