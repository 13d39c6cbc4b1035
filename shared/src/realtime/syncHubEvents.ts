// The hub's events come from the contract: one list of names, one signature each.
export type { HubEventListeners as SyncHubEvents } from '../contract/hub';
export { HUB_EVENT_NAMES as SYNC_HUB_EVENTS, type SyncStepId } from '../contract/vocabulary';

export type HubConnectionStatus =
  'Disconnected' | 'Connecting' | 'Connected' | 'Reconnecting' | 'Disconnecting';
