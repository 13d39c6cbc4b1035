import type { MessagePort } from 'node:worker_threads';

/**
 * Takes a port's messages one per turn of the event loop. Node hands a port up to 1,000
 * waiting messages in one go, and a thread refills it as fast as they are taken: taken there,
 * a large batch of messages held the event loop for seconds (1.5 s for a 100,000-event
 * calendar), and the API and the hub with it. Answers a function that stops taking them.
 */
export function oneMessageATurn<T>(port: MessagePort, take: (message: T) => void): () => void {
  const waiting: T[] = [];
  let stopped = false;
  const takeOne = () => {
    const message = waiting.shift();
    if (stopped || message === undefined) return;
    if (waiting.length > 0) setImmediate(takeOne);
    take(message);
  };
  port.on('message', (message: T) => {
    if (!stopped && waiting.push(message) === 1) setImmediate(takeOne);
  });
  return () => {
    stopped = true;
    waiting.length = 0;
  };
}
