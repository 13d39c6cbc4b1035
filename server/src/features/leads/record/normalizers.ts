import type { FuelType, HouseType, Provider } from '@auditdesk/shared/core';
import { normalizeKey } from './normalizeKey';

const HOUSE_TYPE_ALIASES: Record<string, HouseType> = {
  singlefamily: 'Single Family',
  single: 'Single Family',
  '1family': 'Single Family',
  '1': 'Single Family',
  sf: 'Single Family',
  '2family': '2 Family',
  twofamily: '2 Family',
  '2': '2 Family',
  '3family': '3 Family',
  threefamily: '3 Family',
  '3': '3 Family',
  '4family': '4 Family',
  fourfamily: '4 Family',
  '4': '4 Family',
  '4+': '4 Family',
  'four+': '4 Family',
};

const FUEL_ALIASES: Record<string, FuelType> = {
  gas: 'Gas',
  naturalgas: 'Gas',
  oil: 'Oil',
  heatingoil: 'Oil',
  propane: 'Propane',
  electricity: 'Electricity',
  electric: 'Electricity',
};

const PROVIDER_ALIASES: Record<string, Provider> = {
  nationalgrid: 'National Grid',
  ngrid: 'National Grid',
  ng: 'National Grid',
  eversource: 'EverSource',
  eversourceenergy: 'EverSource',
};

/** Compared like keys: case, spaces, `-` and `_` do not matter. */
const lookup = (aliases: Record<string, string>, value: string) => aliases[normalizeKey(value)];

/** One of the four house types, or null when the text is none of them. */
export function normalizeHouseType(value: string): HouseType | null {
  return (lookup(HOUSE_TYPE_ALIASES, value) as HouseType | undefined) ?? null;
}

export function normalizeFuel(value: string): string {
  return lookup(FUEL_ALIASES, value) ?? value;
}

export function normalizeProvider(value: string): string {
  return lookup(PROVIDER_ALIASES, value) ?? value;
}

/** `completed` → `Completed`, `no show` → `No Show`. */
export function titleCase(value: string): string {
  return value.toLowerCase().replace(/(^|\s)\S/g, (first) => first.toUpperCase());
}

/** The configured spelling of an auditor named in any case, else the text as written. */
export function matchAuditor(value: string, auditors: readonly string[]): string {
  return auditors.find((auditor) => auditor.toLowerCase() === value.trim().toLowerCase()) ?? value;
}
