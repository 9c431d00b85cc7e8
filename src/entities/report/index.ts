export { createReport, registerReportMutations, reportMutationKey, useCreateReport } from './create-report';
