import { darken, luminance, toRgba, type MantineColorsTuple } from '@mantine/core';

/** WCAG 2.x contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `color` at `opacity` over an opaque `under`, as one opaque colour. */
export function blend(color: string, opacity: number, under: string): string {
  const top = toRgba(color);
  const bottom = toRgba(under);
  const mix = (a: number, b: number) => Math.round(a * opacity + b * (1 - opacity));
  return `rgb(${mix(top.r, bottom.r)}, ${mix(top.g, bottom.g)}, ${mix(top.b, bottom.b)})`;
}

/** Text at normal size needs 4.5:1 (WCAG 1.4.3); a little more, for rounding and anti-aliasing. */
const AA = 4.6;
const WHITE = '#ffffff';
/**
 * The greyest surface text sits on: a hovered table row (mantine-react-table's hover overlay
 * on white measures #ebebeb; a striped row is gray.1, #f1f3f5), with a margin.
 */
const GREY_SURFACE = '#e8e8e8';

/** The first shade from 6 on that passes `ok`; else the darkest shade darkened until it does. */
function firstShade(shades: MantineColorsTuple, ok: (shade: string) => boolean): string {
  for (let index = 6; index < shades.length; index += 1) if (ok(shades[index]!)) return shades[index]!;
  let color = shades[9];
  for (let step = 0; step < 10 && !ok(color); step += 1) color = darken(color, 0.08);
  return color;
}

/**
 * A decision per colour, made once per shades tuple: the theme's tuples do not change, and
 * the variant resolver asks on every render of every badge, button and icon.
 */
function oncePerShades(decide: (shades: MantineColorsTuple) => string) {
  const decided = new WeakMap<MantineColorsTuple, string>();
  return (shades: MantineColorsTuple): string => {
    let answer = decided.get(shades);
    if (answer === undefined) {
      answer = decide(shades);
      decided.set(shades, answer);
    }
    return answer;
  };
}

/** A fill that white text can stand on (filled buttons, badges). */
export const fillUnderWhiteText = oncePerShades((shades) =>
  firstShade(shades, (shade) => contrastRatio(shade, WHITE) >= AA),
);

/**
 * Text of this hue that reads on its own light tint (a light badge or button: the hue at
 * 10 % over the page) laid on the greyest row, and so on white and grey alike.
 */
export const textOnTint = oncePerShades((shades) => {
  const tint = blend(shades[6], 0.1, GREY_SURFACE);
  return firstShade(shades, (shade) => contrastRatio(shade, tint) >= AA);
});
