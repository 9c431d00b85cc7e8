export { campusKeys } from './keys';
export { collegesQueryOptions, getColleges, useColleges } from './get-colleges';
export { departmentsQueryOptions, getDepartments, useDepartments } from './get-departments';
export { getUniversityName, universityNameQueryOptions, useUniversityName } from './get-university-name';
