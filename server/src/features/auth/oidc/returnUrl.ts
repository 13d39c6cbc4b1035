import { HttpProblem } from '../../../platform/errors/httpProblem';

/**
 * The address sign-in sends the browser back to: the given returnUrl if it is on one of
 * the allowed origins (no open redirect), else the host's /auth/callback.
 */
export function resolveReturnUrl(requested: string | undefined, base: string, allowedOrigins: string[]): URL {
  if (!requested) return new URL('/auth/callback', base);
  let url: URL;
  try {
    url = new URL(requested, base);
  } catch {
    throw new HttpProblem(400, 'returnUrl is not a valid URL.');
  }
  if (!allowedOrigins.includes(url.origin)) {
    throw new HttpProblem(400, `returnUrl must be on an allowed origin; ${url.origin} is not one.`);
  }
  return url;
}
