import { screen, within } from '@testing-library/react';
import { json, mockFetch } from './fetchMock';

/**
 * Answers a resource route in tests with the envelope the server sends, one answer per
 * call in order (the last one repeats); a number answers that status as problem details.
 */
export function serveStats(path: string, answers: (object | number)[]) {
  let served = 0;
  return mockFetch(({ url }) => {
    if (url !== `/api${path}`) return json(404, { detail: `No route for GET ${url}.` });
    const answer = answers[Math.min(served, answers.length - 1)]!;
    served += 1;
    if (typeof answer === 'number')
      return json(answer, { status: answer, detail: `Refused with ${answer}.` });
    return json(200, answer);
  });
}

export const envelope = (data: unknown, extras: object = {}) => ({
  success: true,
  data,
  error: null,
  ...extras,
});

/** A usage meter by its label. */
export const meter = (label: string) => screen.getByTestId(`usage-${label}`);
/** The value of a stat card by its label. */
export const card = (label: string) => within(screen.getByLabelText(label)).getByTestId(`stat-${label}`);
/** The colour a usage bar is painted in. */
export const barColor = (label: string) =>
  screen
    .getByRole('progressbar', { name: `${label} usage` })
    .style.getPropertyValue('--progress-section-color');
