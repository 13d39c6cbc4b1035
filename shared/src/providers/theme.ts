import {
  Alert,
  Checkbox,
  Combobox,
  createTheme,
  darken,
  DEFAULT_THEME,
  defaultVariantColorsResolver,
  Menu,
  Modal,
  ModalHeader,
  Notification,
  parseThemeColor,
  type CSSVariablesResolver,
  type VariantColorsResolver,
} from '@mantine/core';
import { fillUnderWhiteText, textOnTint } from './accessibleColors';

/**
 * Every colour a person reads meets WCAG AA contrast, decided here once for all apps:
 * filled buttons and badges get a shade white text can stand on, light, subtle and
 * outline ones a text shade dark enough for their tinted background.
 */
const resolveVariantColors: VariantColorsResolver = (input) => {
  const defaults = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  // a colour chosen with its shade ('gray.6'), or a CSS colour, is the caller's decision
  if (!parsed.isThemeColor || input.color?.includes('.')) return defaults;
  const shades = input.theme.colors[parsed.color]!;
  switch (input.variant) {
    case 'filled': {
      if (defaults.color !== 'var(--mantine-color-white)') return defaults; // autoContrast chose dark text
      const fill = fillUnderWhiteText(shades);
      return { ...defaults, background: fill, hover: darken(fill, 0.1) };
    }
    case 'light':
    case 'subtle':
    case 'transparent':
      return { ...defaults, color: textOnTint(shades) };
    case 'outline':
      return { ...defaults, color: textOnTint(shades), border: `1px solid ${textOnTint(shades)}` };
    default:
      return defaults;
  }
};

type VariantColors = ReturnType<VariantColorsResolver>;

/**
 * The same answer for the same colour and variant, per theme: Mantine asks on every render of
 * every button, badge and icon (a keystroke in the leads screen's search re-renders some 150 of
 * them, and the parse of the colour cost 15–20 ms a render there).
 */
function oncePerColorAndVariant(resolve: VariantColorsResolver): VariantColorsResolver {
  const answers = new WeakMap<object, Map<string, VariantColors>>();
  return (input) => {
    let byKey = answers.get(input.theme);
    if (!byKey) answers.set(input.theme, (byKey = new Map()));
    const key = [input.color, input.variant, input.autoContrast, JSON.stringify(input.gradient)].join(
      '\u0000',
    );
    let answer = byKey.get(key);
    if (!answer) byKey.set(key, (answer = resolve(input)));
    return answer;
  };
}

const variantColorResolver = oncePerColorAndVariant(resolveVariantColors);

/**
 * Text colours the components read from CSS variables: `c="dimmed"`, `c="red"`, links, and the
 * text on a light tint that components without a `color` or `variant` read from CSS rather
 * than from the variant resolver (the active NavLink of the sidebar: blue.6 on its tint is 3.2:1).
 */
const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    // Mantine's dimmed grey (#868e96) is 3.3:1 on white
    '--mantine-color-dimmed': theme.colors.gray[7],
    '--mantine-color-anchor': textOnTint(theme.colors[theme.primaryColor]!),
    ...Object.fromEntries(
      Object.keys(DEFAULT_THEME.colors)
        .filter((name) => !['dark', 'gray'].includes(name))
        .flatMap((name) => [
          [`--mantine-color-${name}-text`, textOnTint(theme.colors[name]!)],
          [`--mantine-color-${name}-light-color`, textOnTint(theme.colors[name]!)],
        ]),
    ),
    '--mantine-primary-color-light-color': textOnTint(theme.colors[theme.primaryColor]!),
    '--mantine-primary-color-filled': fillUnderWhiteText(theme.colors[theme.primaryColor]!),
    '--mantine-primary-color-filled-hover': darken(
      fillUnderWhiteText(theme.colors[theme.primaryColor]!),
      0.1,
    ),
  },
  dark: {},
});

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  // Mantine's ring on keyboard focus (:focus-visible); focus.css covers the other elements
  focusRing: 'auto',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  variantColorResolver,
  components: {
    // with the default radius a small checkbox is a circle, which reads as a radio button
    Checkbox: Checkbox.extend({ defaultProps: { radius: 'xs' } }),
    // A closed Select's option list is not kept in the page: kept, each one computes
    // its position (forcing style and layout) when the page renders and on every scroll.
    Combobox: Combobox.extend({ defaultProps: { keepMounted: false } }),
    // a close button has a name; a dialog's header is not a second banner of the page
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    ModalHeader: ModalHeader.extend({ defaultProps: { component: 'div' } as never }),
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } }),
    Alert: Alert.extend({ defaultProps: { closeButtonLabel: 'Dismiss' } }),
    // the menu's focus placeholder is a plain div among the menu items, which a menu may not hold
    Menu: Menu.extend({ defaultProps: { withInitialFocusPlaceholder: false } }),
  },
});

export { cssVariablesResolver };
