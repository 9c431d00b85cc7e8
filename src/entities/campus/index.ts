export { getUniversityName, universityNameQueryOptions, useUniversityName } from './get-university-name';
export { useCampusChoices } from './use-campus-choices';
