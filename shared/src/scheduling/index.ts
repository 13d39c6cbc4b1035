// The scheduling numbers, once, for the server and the browser (plain TypeScript).
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
export { dayIn, daysBetween, dayStartMs, shiftDay } from './calendarDays';
