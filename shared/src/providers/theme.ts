import { Combobox, createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    // A closed Select's option list is not kept in the page: kept, each one computes
    // its position (forcing style and layout) when the page renders and on every scroll.
    Combobox: Combobox.extend({ defaultProps: { keepMounted: false } }),
  },
});
