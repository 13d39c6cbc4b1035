// GET <url>/api/health one request at a time until stdin closes, then prints
// {"latencies":[ms…],"failures":n} on stdout. Its own process, so that the load
// generator's busy event loop is not counted as the server's latency.
const url = process.argv[2];
const latencies = [];
let failures = 0;
let running = true;
process.stdin.on('end', () => (running = false)).resume();

while (running) {
  const started = performance.now();
  try {
    const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(30_000) });
    await response.arrayBuffer();
    if (!response.ok) failures += 1;
  } catch {
    failures += 1;
  }
  latencies.push(performance.now() - started);
  await new Promise((resolve) => setTimeout(resolve, 20));
}
process.stdout.write(JSON.stringify({ latencies, failures }));
