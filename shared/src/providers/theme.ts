import { Checkbox, Combobox, createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  // Mantine's ring on keyboard focus (:focus-visible); focus.css covers the other elements
  focusRing: 'auto',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    // with the default radius a small checkbox is a circle, which reads as a radio button
    Checkbox: Checkbox.extend({ defaultProps: { radius: 'xs' } }),
    // A closed Select's option list is not kept in the page: kept, each one computes
    // its position (forcing style and layout) when the page renders and on every scroll.
    Combobox: Combobox.extend({ defaultProps: { keepMounted: false } }),
  },
});
