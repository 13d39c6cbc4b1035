// A worker thread of the hub-at-scale bench: many lightweight hub clients, each a raw
// WebSocket speaking the SignalR JSON protocol as the official client does with
// skipNegotiation (handshake, JoinSyncGroup with its completion, a ping every 15 s), cheap
// enough for thousands in one thread. workerData: { urls, users: [first, count] }; connection
// i goes to urls[i % urls.length] as user `user-(first + i)`.
// Messages: → { connected, failed } once all are open and joined; { cmd: 'mark' } → {} starts a
// collection; { cmd: 'collect' } → { arrivals: [[event, ms, instance], …], closed, onCpuMs,
// waitingMs } since the mark (ms from the send to this client's receipt by the epoch clock the
// sender stamps; the thread's time on a CPU and waiting for one); { cmd: 'stop' } closes all.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

const require = createRequire(path.join(workerData.root, 'server/package.json'));
const WebSocket = require('ws');

const RS = '\x1e';
const PING_MS = 15_000;
const BATCH = 25;
const epochNow = () => performance.timeOrigin + performance.now();
/** This thread's [on a CPU, ready but waiting for one] so far, in ms (Linux schedstat). */
const threadCpu = () =>
  fs
    .readFileSync('/proc/thread-self/schedstat', 'utf8')
    .split(' ')
    .slice(0, 2)
    .map((ns) => Number(ns) / 1e6);

const { urls, users } = workerData;
const [firstUser, count] = users;
const sockets = [];
let arrivals = [];
let closed = 0;
let mark = threadCpu();

function connect(index) {
  const base = urls[index % urls.length].replace(/^http/, 'ws');
  const socket = new WebSocket(`${base}/hubs/sync?access_token=user-${firstUser + index}`, {
    perMessageDeflate: false,
  });
  return new Promise((resolve) => {
    let joined = false;
    socket.on('open', () => socket.send(`${JSON.stringify({ protocol: 'json', version: 1 })}${RS}`));
    socket.on('message', (data) => {
      const receivedAt = epochNow();
      for (const text of data.toString().split(RS)) {
        if (!text) continue;
        const message = JSON.parse(text);
        if (!joined && message.type === undefined) {
          // the handshake's answer ({}): join the group the events go to
          socket.send(
            `${JSON.stringify({ type: 1, invocationId: '0', target: 'JoinSyncGroup', arguments: [] })}${RS}`,
          );
        } else if (message.type === 3 && message.invocationId === '0') {
          joined = !message.error;
          resolve(joined);
        } else if (message.type === 1 && message.target === 'StepProgress') {
          const [event, sentAt] = message.arguments;
          arrivals.push([event, receivedAt - sentAt, index % urls.length]);
        }
      }
    });
    socket.on('close', () => {
      closed += joined ? 1 : 0;
      resolve(false);
    });
    socket.on('error', () => resolve(false));
    sockets.push(socket);
  });
}

let connected = 0;
let failed = 0;
for (let i = 0; i < count; i += BATCH) {
  const batch = Array.from({ length: Math.min(BATCH, count - i) }, (_, j) => connect(i + j));
  for (const ok of await Promise.all(batch)) {
    if (ok) connected += 1;
    else failed += 1;
  }
}
const ping = `${JSON.stringify({ type: 6 })}${RS}`;
const pinger = setInterval(() => {
  for (const socket of sockets) if (socket.readyState === WebSocket.OPEN) socket.send(ping);
}, PING_MS);
parentPort.postMessage({ connected, failed });

parentPort.on('message', (command) => {
  if (command.cmd === 'mark') {
    arrivals = [];
    mark = threadCpu();
    parentPort.postMessage({});
  } else if (command.cmd === 'collect') {
    const [onCpu, waiting] = threadCpu();
    parentPort.postMessage({ arrivals, closed, onCpuMs: onCpu - mark[0], waitingMs: waiting - mark[1] });
    arrivals = [];
  } else if (command.cmd === 'stop') {
    clearInterval(pinger);
    for (const socket of sockets) socket.terminate();
    parentPort.close();
  }
});
