import { HttpProblem } from '../errors/httpProblem';

/** 429 with Retry-After (seconds, at least 1). */
export function tooManyAttempts(resetInMs: number): HttpProblem {
  const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
  return new HttpProblem(
    429,
    `Too many attempts. Try again in ${seconds} seconds.`,
    {},
    { 'retry-after': String(seconds) },
  );
}
