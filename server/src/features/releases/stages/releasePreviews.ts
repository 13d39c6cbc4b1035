import type { RemoteName } from '@auditdesk/shared/core';
import { notFound } from '../../../platform/errors/httpProblem';
import type { Releases } from '../releases';
import type { StagesRepository } from './stagesRepository';

/**
 * Previews (DESIGN.md section 26): an Admin tries a release alone, before any stage. The
 * override is kept on the server (every tab and instance gives it to them) until it runs out
 * or they leave it; the release is checked against the live host first, as for a stage.
 */
export function createReleasePreviews({
  releases,
  stages,
  previewMs,
  liveChanged,
}: {
  releases: Releases;
  stages: StagesRepository;
  previewMs: number;
  liveChanged: () => void;
}) {
  return {
    /** Starts (or moves) a person's preview of a remote; answers when it runs out. */
    async start(remote: RemoteName, version: string, userId: number): Promise<{ until: string }> {
      await releases.mustFit(remote, version, 'be previewed');
      const until = new Date(Date.now() + previewMs).toISOString();
      await stages.preview({ userId, remote, version, expiresAt: until });
      liveChanged();
      return { until };
    },

    /** Ends a person's preview: they get their stage's or the live release again. */
    async leave(remote: RemoteName, userId: number): Promise<void> {
      await stages.pruneExpiredPreviews(new Date());
      if (!(await stages.endPreview(userId, remote)))
        throw notFound(`You are not previewing a release of ${remote}.`);
      liveChanged();
    },
  };
}

export type ReleasePreviews = ReturnType<typeof createReleasePreviews>;
