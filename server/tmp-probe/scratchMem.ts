import { createRunLeads } from '../src/features/leads/runLeads/runLeads';
import { lead } from '../testkit/builders/leads';
const n = Number(process.argv[2]);
const held = createRunLeads();
for (let i = 0; i < n; i += 500) {
  held.add(Array.from({ length: 500 }, (_, j) => ({ ...lead({ leadId: `lead-${i + j}@x`, customerName: `Customer ${i + j}` }), contentHash: 'h'.repeat(43) + (i + j) })));
}
let c = 0; for (const chunk of held.chunks()) c += chunk.length;
let f = 0; for (const _ of held.fingerprints()) f++;
console.log(n, c, f, 'maxrss', Math.round(process.resourceUsage().maxRSS / 1024), 'rss', Math.round(process.memoryUsage().rss / 1048576));
