// The hub's events come from the contract: one list of names, one signature each.
export type { HubEventListeners as SyncHubEvents, SyncStepId } from '../core';
export { HUB_EVENT_NAMES as SYNC_HUB_EVENTS } from '../contract/vocabulary';

export type HubConnectionStatus =
  'Disconnected' | 'Connecting' | 'Connected' | 'Reconnecting' | 'Disconnecting';
