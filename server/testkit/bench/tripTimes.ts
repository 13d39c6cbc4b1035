import type * as signalR from '@microsoft/signalr';
import { SYNC_GROUP, type SyncHub } from '../../src/features/realtime/syncHub';

/**
 * A progress event's trip from `sender`'s broadcast to `client`, `samples` times one after
 * another, sorted (milliseconds; both ends in this process, so one clock times them).
 */
export async function tripTimes(
  sender: SyncHub,
  client: signalR.HubConnection,
  samples = 200,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const received = new Promise<number>((resolve) => {
      const handler = (_id: string, sentAt: number) => {
        client.off('StepProgress', handler);
        resolve(performance.now() - sentAt);
      };
      client.on('StepProgress', handler);
    });
    sender.broadcast(SYNC_GROUP, 'StepProgress', ['calendar', performance.now(), 'bench']);
    times.push(await received);
  }
  return times.sort((a, b) => a - b);
}
