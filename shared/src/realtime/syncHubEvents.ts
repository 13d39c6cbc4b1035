export type SyncStepId = 'calendar' | 'spreadsheet' | 'database';

/** The events the server sends to the sync group, with their arguments (spec section 7). */
export interface SyncHubEvents {
  SyncStarted: () => void;
  StepStarted: (stepId: SyncStepId, description: string) => void;
  StepProgress: (stepId: SyncStepId, progressPercentage: number, message: string) => void;
  StepCompleted: (stepId: SyncStepId, eventsProcessed: number) => void;
  SyncCompleted: (success: boolean, message: string, totalEvents: number) => void;
  SyncError: (error: string) => void;
}

export const SYNC_HUB_EVENTS = [
  'SyncStarted',
  'StepStarted',
  'StepProgress',
  'StepCompleted',
  'SyncCompleted',
  'SyncError',
] as const;

export type HubConnectionStatus =
  'Disconnected' | 'Connecting' | 'Connected' | 'Reconnecting' | 'Disconnecting';
