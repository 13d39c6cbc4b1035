// What the demo calendar's appointments are made of. Spellings vary on purpose, the way
// schedulers type them, so every alias of event-format.md shows up in the demo.
import type { FuelType, HouseType, Provider } from '@auditdesk/shared/core';

export const FIRST_NAMES = [
  'Jane',
  'Tom',
  'Maria',
  'Kevin',
  'Aisha',
  'Luis',
  'Grace',
  'Omar',
  'Nora',
  'Patrick',
  'Mei',
  'Daniel',
  'Sofia',
  'Brian',
  'Hannah',
  'Carlos',
  'Emily',
  'Raj',
  'Olivia',
  'Sean',
  'Fatima',
  'Ethan',
  'Chloe',
  'Marcus',
  'Ana',
  'Liam',
  'Priya',
  'Owen',
  'Julia',
  'Derek',
];
export const LAST_NAMES = [
  'Doe',
  'Sullivan',
  'Nguyen',
  'Murphy',
  'Santos',
  'OBrien',
  'Patel',
  'Kowalski',
  'Rossi',
  'Chen',
  'Walsh',
  'Garcia',
  'Fitzgerald',
  'Kim',
  'Medeiros',
  'Brennan',
  'Lopez',
  'Costa',
  'Flynn',
  'Haddad',
  'Moreau',
  'Silva',
  'Kelly',
  'Baptiste',
  'Levine',
];
export const TOWNS = [
  'Quincy',
  'Somerville',
  'Worcester',
  'Lowell',
  'Brockton',
  'Medford',
  'Framingham',
  'Salem',
  'Waltham',
  'Malden',
];
export const STREETS = [
  'Elm St',
  'Maple Ave',
  'Oak Rd',
  'Harbor Way',
  'Pine Ct',
  'Summer St',
  'Centre St',
  'Washington St',
];

export const SCHEDULERS = ['Maria', 'Dev', 'Kelly', 'Josh'];

/** A value's spellings, the contract's own first, and how often the value occurs. */
export type Choices<Value extends string> = readonly (readonly [readonly [Value, ...string[]], number])[];

export const HOUSE_TYPE_SPELLINGS: Choices<HouseType> = [
  [['Single Family', 'single', 'SF', '1 family'], 55],
  [['2 Family', 'two family', '2'], 25],
  [['3 Family', 'three family'], 14],
  [['4 Family', '4+', 'four family'], 6],
];

export const FUEL_SPELLINGS: Choices<FuelType> = [
  [['Gas', 'natural gas'], 46],
  [['Oil', 'heating oil'], 24],
  [['Propane'], 11],
  [['Electricity', 'electric'], 19],
];

export const PROVIDER_SPELLINGS: Choices<Provider> = [
  [['National Grid', 'ngrid'], 56],
  [['EverSource', 'Eversource Energy'], 44],
];

export const APPOINTMENT_HOURS = [9, 11, 13, 15];
