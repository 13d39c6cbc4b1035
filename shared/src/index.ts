import './runtime/sharedInstance';

export { api, apiDescribed, apiResult, operationPath, type CallInput } from './api/api';
export { apiUrl } from './api/apiUrl';
export { routes, type OperationId } from './contract/operations/routes';
export { ApiError } from './api/apiError';
export { uploadForm, type UploadProgress } from './api/uploadForm';
export type { ApiResult } from './api/apiTypes';
export { authStore } from './session/authStore';
export { toRole } from './contract/roles';
export { useIsAdmin } from './auth/useIsAdmin';
export { useAccess } from './auth/useAccess';
export { allows, type Access } from './contract/operations/operation';
export { VIEW_SHARERS } from './contract/operations/viewsOperations';
export { login } from './auth/login';
export { exchangeSignInCode } from './auth/exchangeSignInCode';
export { restoreSession } from './auth/restoreSession';
export { refreshSession } from './api/refreshSession';
export { signOut } from './auth/signOut';
export { useAuth } from './auth/useAuth';
export { signInOptionsQuery, type SignInOptions } from './auth/signInOptions';
export { PREFERENCE_KEYS } from './preferences/preferenceKeys';
export { savePreferencesSoon } from './preferences/personalPreferences';
export { AppProviders } from './providers/AppProviders';
export { queryClient } from './query/queryClient';
export { invalidateAfterLeadChange, invalidateAfterSync } from './query/invalidation';
export { queryKeys } from './query/queryKeys';
export { AccessDenied } from './ui/AccessDenied';
export { AdminOnly } from './ui/AdminOnly';
export { PageHeader } from './ui/PageHeader';
export { nameFromEmail } from './users/nameFromEmail';
export { weekLabel } from './leads/weekLabel';
export { formatProblems, type FormatProblem } from './leads/formatProblems';
export { renderStandalone } from './standalone/renderStandalone';
export { standaloneRoutes, type StandalonePages } from './standalone/standaloneRoutes';
export { syncHubClient, type SyncHubClient } from './realtime/syncHubClient';
export { type HubConnectionStatus, type SyncStepId } from './realtime/syncHubEvents';
export { useSyncHub } from './realtime/useSyncHub';
// The contract's types; its schemas (zod) stay out of the browser bundles.
export type {
  AccessRecord,
  Agenda,
  AgendaFeed,
  AgendaQuery,
  AgendaVisit,
  CreatedAgendaFeed,
  CacheStats,
  CurrentUser,
  DuplicateGroup,
  DuplicateLead,
  DuplicateReason,
  DatabaseStats,
  GridRecord,
  ImportDuplicate,
  ImportDuplicateChoices,
  ImportedLeads,
  ImportMapping,
  ImportPreview,
  ImportResult,
  ImportRowOutcome,
  ImportTotals,
  BusinessSettings,
  LeadDetail,
  ChangedLead,
  LeadActionResult,
  LeadActionSummary,
  LeadAtVersion,
  LeadsBulkRequest,
  LeadMergeResult,
  LeadsMergeInput,
  LeadEditableFields,
  LeadHistoryEntry,
  LeadHistoryPage,
  LeadsChangedByRun,
  LeadPatch,
  LeadResource,
  LeadsViewState,
  Notification,
  NotificationsPage,
  OfficeValue,
  OfficeValueField,
  PasswordLink,
  PossibleDuplicates,
  Profile,
  ResourceStatsResponse,
  SavedView,
  SavedViews,
  SyncHistoryEntry,
  SyncHistoryPage,
  SyncRange,
  SyncResult,
  SyncStatus,
  UserView,
} from './core';
export * from './contract/vocabulary';
export * from './contract/leadImportVocabulary';
export { BULK_FIELDS, BULK_LEADS_MAX, type BulkField } from './contract/bulkFields';
export {
  blankLeadFields,
  CHOICE_FIELDS,
  EDITABLE_LEAD_FIELDS,
  emptyLeadValue,
  LEAD_FIELD_LABELS,
  LEAD_FIELD_TABLE,
  LEAD_FIELDS,
  leadFieldDefault,
  leadFieldRow,
  MERGEABLE_LEAD_FIELDS,
  type MergeableLeadField,
  type ChoiceField,
  type EditableLeadField,
  type LeadField,
  type LeadFieldKind,
  type LeadFieldRow,
} from './contract/leadFields';
export * from './contract/leadStatusRules';
export {
  bothTexts,
  mergeSurvivor,
  preselectedValue,
  preselectMerge,
  type MergeSide,
} from './leads/mergeChoice';
export * from './scheduling';
export { dayIn, daysBetween, dayStartMs, shiftDay } from './contract/calendarDays';
export { StatCards } from './ui/StatCards';
export { formatNumber, formatPercent } from './format/formatNumber';
export { formatDateTime, formatDay, formatDuration } from './format/formatDateTime';
export { formatRelativeTime } from './format/formatRelativeTime';
export { formatDayAndTimeIn, formatTimeIn } from './format/formatInZone';
export * from './time/leadTime';
export { useBusinessTimeZone } from './business/useBusinessTimeZone';
export { useWriteBackMode, WriteBackNote, writeBackSentence } from './business/writeBackMode';
export {
  DEFAULT_LEAD_PAGE_SIZE,
  LEAD_PAGE_SIZES,
  REFERRED_BY_FILTERS,
  standardViewState,
  VIEW_NAME_MAX,
} from './contract/leadsViewState';
export {
  defaultLeadsView,
  leadsViewHref,
  leadsViewQuery,
  parseLeadsView,
  type LeadsView,
} from './leads/leadsView';
export {
  DEFAULT_HIDDEN_COLUMNS,
  LEAD_COLUMNS,
  LEAD_COLUMN_IDS,
  SEARCHED_LEAD_COLUMNS,
  type LeadColumn,
  type LeadColumnId,
} from './contract/leadColumns';
export { viewStateOf } from './leads/savedViewState';
export { toastFailure, toastSuccess } from './feedback/toast';
export { simpleTable, type ExportCell, type ExportHeaderCell, type ExportTable } from './export/exportTable';
export { type ExportFormat } from './export/exportFile';
export { useExport } from './export/useExport';
export { downloadFile } from './export/downloadFile';
export { ExportMenu } from './ui/ExportMenu';
export { CopyField } from './ui/CopyField';
export { LoadErrorPanel } from './ui/LoadErrorPanel';
export { documentTitle, PRODUCT_NAME } from './ui/documentTitle';
export { useFocusReturn } from './ui/useFocusReturn';
