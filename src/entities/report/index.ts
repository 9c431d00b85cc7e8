export { registerReportMutations, useCreateReport } from './create-report';
