import { STATUS_CODES } from 'node:http';
import { WriteRefused } from './eventWriter';

/** A refused request as a reason a person reads: "Google Calendar answered HTTP 403 Forbidden: …". */
export async function refusal(service: string, response: Response): Promise<WriteRefused> {
  const text = await response.text().catch(() => '');
  const detail = (() => {
    try {
      const body = JSON.parse(text) as { error?: { message?: string } | string };
      return typeof body.error === 'string' ? body.error : (body.error?.message ?? '');
    } catch {
      return ''; // not JSON (a CalDAV server's answer): the status says it
    }
  })();
  const status = `HTTP ${response.status}${STATUS_CODES[response.status] ? ` ${STATUS_CODES[response.status]}` : ''}`;
  return new WriteRefused(`${service} answered ${status}${detail ? `: ${detail}` : ''}`, response.status);
}
