// The scheduling numbers, once, for the server and the browser (plain TypeScript); the
// calendar-day arithmetic they use is the contract's (contract/calendarDays.ts).
export { rateOf } from './rateOf';
export {
  addRecord,
  emptyTotals,
  sumRecords,
  totalOf,
  totalsByAuditor,
  unitsOf,
  type GridTotals,
} from './gridTotals';
export { gridKpis, type GridKpis } from './gridKpis';
export { groupGrid, type MonthGroup, type WeekRow } from './groupGrid';
export { agendaFileName } from './agendaFileName';
