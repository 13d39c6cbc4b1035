// The framework-free part of @auditdesk/shared: the contract between server and clients
// (zod schemas, the types derived from them, the vocabularies). The server imports
// nothing else from shared; browser code imports only types from here (see index.ts).
export * from './contract/vocabulary';
export * from './contract/common';
export * from './contract/hub';
export * from './contract/auth';
export * from './contract/users';
export * from './contract/leads';
export * from './contract/sync';
export * from './contract/scheduling';
export * from './contract/health';
export * from './contract/notifications';
export * from './contract/resources';
export { toRole } from './auth/roles';
export { nameFromEmail } from './users/nameFromEmail';
export { weekLabel } from './leads/weekLabel';
export { formatProblems, FORMAT_PROBLEMS, type FormatProblem } from './leads/formatProblems';
