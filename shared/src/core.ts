// The framework-free part of @auditdesk/shared: the contract between server and clients
// (zod schemas, the types derived from them, the vocabularies and the status rules) and
// the scheduling numbers computed from it, once for both sides. The server imports
// nothing else from shared; browser code imports only types from here (see index.ts).
export * from './contract/vocabulary';
export * from './contract/leadStatusRules';
export * from './contract/common';
export * from './contract/hub';
export * from './contract/auth';
export * from './contract/users';
export * from './contract/leads';
export * from './contract/leadText';
export * from './contract/duplicates';
export * from './contract/sync';
export * from './contract/scheduling';
export * from './contract/business';
export * from './contract/agenda';
export * from './contract/leadHistory';
export * from './contract/leadActions';
export * from './contract/leadMerge';
export * from './leads/mergeChoice';
export * from './contract/leadFields';
export * from './contract/leadColumns';
export * from './contract/health';
export * from './contract/notifications';
export * from './contract/preferences';
export * from './contract/leadImportVocabulary';
export * from './contract/leadImport';
export { formatTimeIn } from './format/formatInZone';
export * from './time/wallClock';
export * from './time/leadTime';
export { restoreNeutralizedFormula } from './export/neutralizeFormula';
export * from './contract/views';
export * from './contract/resources';
export * from './contract/releases';
export * from './contract/backups';
export * from './remotes/remoteManifest';
export { toRole } from './auth/roles';
export { nameFromEmail } from './users/nameFromEmail';
export { weekLabel } from './leads/weekLabel';
export { leadsViewHref } from './leads/leadsView';
export * from './scheduling';
export { formatProblems, FORMAT_PROBLEMS, type FormatProblem } from './leads/formatProblems';
export * from './contract/operations/operation';
export { VIEW_SHARERS } from './contract/operations/viewsOperations';
export * from './contract/operations/operationTypes';
export { routes, type Routes, type OperationId } from './contract/operations/routes';
export { routeIo, type RouteIo } from './contract/operations/routeIo';
export { seededRandom } from './random/seededRandom';
