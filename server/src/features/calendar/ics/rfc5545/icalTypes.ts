import type ICAL from 'ical.js';

export type Component = InstanceType<typeof ICAL.Component>;
export type Time = InstanceType<typeof ICAL.Time>;
export type Recur = InstanceType<typeof ICAL.Recur>;

/** A property's text value, '' when absent. */
export const textOf = (component: Component, property: string): string => {
  const value = component.getFirstPropertyValue(property);
  return value === null || value === undefined ? '' : String(value);
};

/** The TZID parameter of a property, when it has one. */
export const tzidOf = (component: Component, property: string): string | null => {
  const value = component.getFirstProperty(property)?.getParameter('tzid');
  return typeof value === 'string' ? value : null;
};

export const isCancelled = (component: Component) =>
  textOf(component, 'status').toUpperCase() === 'CANCELLED';
