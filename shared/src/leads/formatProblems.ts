import { HOUSE_TYPES } from '../contract/vocabulary';

/** What an unformatted lead lacks, in the words the leads screen shows. */
export const FORMAT_PROBLEMS = {
  customerName: 'no customer name',
  auditor: 'no auditor',
  noHouseType: 'no house type',
  houseType: 'house type not recognised',
} as const;

export type FormatProblem = (typeof FORMAT_PROBLEMS)[keyof typeof FORMAT_PROBLEMS];

/**
 * Why a lead is not formatted (docs/event-format.md, "Formatted and unformatted"): it needs
 * a customer name, an auditor and a house type that is one of the four. Empty when it is
 * formatted. The parser decides `isFormatted` with it; the screen names what is missing.
 */
export function formatProblems(lead: {
  customerName?: string | null;
  auditor?: string | null;
  houseType?: string | null;
}): FormatProblem[] {
  const problems: FormatProblem[] = [];
  if (!lead.customerName?.trim()) problems.push(FORMAT_PROBLEMS.customerName);
  if (!lead.auditor?.trim()) problems.push(FORMAT_PROBLEMS.auditor);
  const houseType = lead.houseType?.trim() ?? '';
  if (!houseType) problems.push(FORMAT_PROBLEMS.noHouseType);
  else if (!(HOUSE_TYPES as readonly string[]).includes(houseType)) problems.push(FORMAT_PROBLEMS.houseType);
  return problems;
}
