export { useColleges } from './get-colleges';
export { useDepartments } from './get-departments';
export { getUniversityName, universityNameQueryOptions, useUniversityName } from './get-university-name';
