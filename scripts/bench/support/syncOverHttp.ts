import http from 'node:http';
import type { SyncResult } from '@auditdesk/shared/core';

/**
 * One `POST /api/sync/execute` of `range` as a user's browser sends it, waiting as long as the
 * run takes (fetch would give up on a long run's headers after 300 s).
 */
export function syncOverHttp(
  url: string,
  token: string,
  range: { startDate: string; endDate: string },
): Promise<SyncResult> {
  const body = JSON.stringify(range);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${url}/api/sync/execute`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          if (response.statusCode !== 200)
            return reject(new Error(`POST /api/sync/execute answered ${response.statusCode}: ${text}`));
          const result = JSON.parse(text) as SyncResult;
          if (!result.success) return reject(new Error(`the sync failed: ${result.message}`));
          resolve(result);
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
