import './runtime/sharedInstance';

export { apiRequest } from './api/apiRequest';
export { ApiError, apiData, failureMessage } from './api/apiData';
export { API_ERRORS, errorMessage } from './api/apiErrors';
export { apiUrl } from './api/apiUrl';
export type { ApiRequestOptions, ApiResult, ProblemDetails } from './api/apiTypes';
export { authStore, type AuthState } from './auth/authStore';
export { AUTH_STORAGE_KEYS } from './auth/authStorage';
export { type AuthStatus, type AuthTokens, type AuthUser } from './auth/authTypes';
export { toRole } from './auth/roles';
export { fetchCurrentUser } from './auth/fetchCurrentUser';
export { useIsAdmin } from './auth/useIsAdmin';
export { login, type LoginOutcome } from './auth/login';
export { exchangeSignInCode } from './auth/exchangeSignInCode';
export { restoreSession } from './auth/restoreSession';
export { signOut } from './auth/signOut';
export { toAuthUser, type CurrentUserResponse } from './auth/toAuthUser';
export { hasJwtShape, isTokenExpired } from './auth/tokenExpiry';
export { useAuth } from './auth/useAuth';
export { AppProviders } from './providers/AppProviders';
export { queryClient, STALE_TIME_MS } from './query/queryClient';
export { invalidateAfterLeadChange, invalidateAfterSync } from './query/invalidation';
export { queryKeys } from './query/queryKeys';
export { AccessDenied } from './ui/AccessDenied';
export { PageHeader } from './ui/PageHeader';
export { nameFromEmail } from './users/nameFromEmail';
export { weekLabel } from './leads/weekLabel';
export { renderStandalone } from './standalone/renderStandalone';
export {
  createSyncHubClient,
  RECONNECT_DELAYS_MS,
  syncHubClient,
  type SyncHubClient,
} from './realtime/syncHubClient';
export { type HubConnectionStatus, type SyncHubEvents, type SyncStepId } from './realtime/syncHubEvents';
export { useSyncHub } from './realtime/useSyncHub';
// The contract's types; its schemas (zod) stay out of the browser bundles.
export type {
  AccessRecord,
  CacheStats,
  CurrentUser,
  DatabaseStats,
  GridRecord,
  LeadEditableFields,
  LeadPatch,
  LeadResource,
  Notification,
  NotificationsPage,
  PasswordLink,
  Profile,
  ResourceStatsResponse,
  SignInCodeResponse,
  SyncHistoryEntry,
  SyncHistoryPage,
  SyncRange,
  SyncResult,
  SyncStatus,
  UserView,
} from './core';
export * from './contract/vocabulary';
export { StatCards, type StatCard } from './ui/StatCards';
export { formatNumber, formatPercent } from './format/formatNumber';
export { formatDateTime, formatDay, formatDuration } from './format/formatDateTime';
export { formatRelativeTime } from './format/formatRelativeTime';
export { toastFailure, toastSuccess } from './feedback/toast';
export { simpleTable, type ExportCell, type ExportHeaderCell, type ExportTable } from './export/exportTable';
export { toCsv } from './export/toCsv';
export { toXlsx } from './export/toXlsx';
export { downloadTable, exportFile, type ExportFormat } from './export/exportFile';
export { useExport } from './export/useExport';
export { ExportMenu } from './ui/ExportMenu';
export { LoadErrorPanel } from './ui/LoadErrorPanel';
