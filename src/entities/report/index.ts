export { createReport, useCreateReport } from './create-report';
