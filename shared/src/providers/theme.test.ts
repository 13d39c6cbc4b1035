import { DEFAULT_THEME, mergeMantineTheme, type MantineTheme } from '@mantine/core';
import { blend, contrastRatio } from './accessibleColors';
import { cssVariablesResolver, theme } from './theme';

const full: MantineTheme = mergeMantineTheme(DEFAULT_THEME, theme);
const resolve = (variant: string, color: string) =>
  full.variantColorResolver({ color, theme: full, variant, gradient: undefined, autoContrast: false });
const COLORS = Object.keys(DEFAULT_THEME.colors).filter((name) => name !== 'dark');

describe('the theme keeps text readable (WCAG AA, 4.5:1)', () => {
  it.each(COLORS)('white text on a filled %s', (color) => {
    const { background } = resolve('filled', color);
    expect(contrastRatio(background!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it.each(COLORS)(
    '%s text of light, subtle and outline variants, also on its tint over a grey row',
    (color) => {
      const tint = blend(DEFAULT_THEME.colors[color]![6], 0.1, '#f1f3f5');
      for (const variant of ['light', 'subtle', 'outline'])
        expect(contrastRatio(resolve(variant, color).color!, tint)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(COLORS.filter((color) => color !== 'gray'))(
    '%s text a component reads from CSS on its light tint (the active sidebar link: the primary colour)',
    (color) => {
      const { light } = cssVariablesResolver(full);
      const tint = blend(DEFAULT_THEME.colors[color]![6], 0.1, '#ffffff');
      expect(contrastRatio(light[`--mantine-color-${color}-light-color`]!, tint)).toBeGreaterThanOrEqual(4.5);
      if (color === full.primaryColor)
        expect(contrastRatio(light['--mantine-primary-color-light-color']!, tint)).toBeGreaterThanOrEqual(
          4.5,
        );
    },
  );

  it('dimmed text, links and c="…" colours on the grey page', () => {
    const { light } = cssVariablesResolver(full);
    const colours = Object.entries(light).filter(([name]) => /dimmed|anchor|-text$/.test(name));
    expect(colours.length).toBeGreaterThan(10);
    for (const [name, value] of colours)
      expect([name, contrastRatio(value, '#f8f9fa') >= 4.5]).toEqual([name, true]);
  });
});

describe('the variant resolver', () => {
  it('answers a colour and variant once per theme (Mantine asks on every render of every button)', () => {
    expect(resolve('light', 'red')).toBe(resolve('light', 'red'));
    expect(resolve('filled', 'red')).not.toBe(resolve('light', 'red'));
    const other = mergeMantineTheme(DEFAULT_THEME, { ...theme, colors: { red: DEFAULT_THEME.colors.grape } });
    const answer = other.variantColorResolver({
      color: 'red',
      theme: other,
      variant: 'light',
      gradient: undefined,
      autoContrast: false,
    });
    expect(answer).not.toBe(resolve('light', 'red'));
    expect(answer.color).toBe(resolve('light', 'grape').color);
  });
});
