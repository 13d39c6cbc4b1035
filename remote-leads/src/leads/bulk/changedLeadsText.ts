import type { ChangedLead } from '@auditdesk/shared';
import type { LeadRow } from '../leadTypes';

const NAMED = 5;

const list = (names: string[]) =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/**
 * Why a bulk action wrote nothing, naming the leads (by customer) that changed or were
 * deleted since the screen loaded them: "Customer 4 and Customer 9 changed since…".
 */
export function changedLeadsText(changed: readonly ChangedLead[], rows: readonly LeadRow[]): string {
  const names = new Map(rows.map((row) => [row.id, row.customerName || `Lead ${row.id}`]));
  const named = changed.slice(0, NAMED).map((lead) => names.get(lead.id) ?? `Lead ${lead.id}`);
  const others = changed.length - named.length;
  const who = others > 0 ? `${named.join(', ')} and ${others} more` : list(named);
  const verb = changed.length === 1 ? 'was changed or deleted' : 'were changed or deleted';
  return `${who} ${verb} by someone else since you loaded the leads, so nothing was changed. Reload the leads, check them, and try again.`;
}
