import { TAB_HEADER, tabId, type RemoteName } from '@auditdesk/shared/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken, type TokenCaller } from '../../platform/http/authenticate';
import type { LiveRemotes } from './liveRemotes';
import type { ReleasesRepository } from './releasesRepository';
import { answersFor, withTabReleases } from './stages/releaseState';

/** The signed-in person asking, or null (anonymous, or a token that is not valid now). */
async function personOf(request: FastifyRequest, caller: TokenCaller) {
  const token = bearerToken(request);
  if (!token) return null;
  try {
    return (await caller(token))?.user ?? null;
  } catch {
    return null; // the database is away: the live releases still load
  }
}

/** The releases this tab has loaded, when it names itself (TAB_HEADER); none otherwise. */
async function tabReleases(request: FastifyRequest, repository: ReleasesRepository) {
  const tab = tabId.safeParse(request.headers[TAB_HEADER]);
  if (!tab.success) return new Map<RemoteName, string | null>();
  try {
    return await repository.tabReleases(tab.data);
  } catch {
    return new Map<RemoteName, string | null>();
  }
}

/**
 * Where the host finds each remote's mf-manifest.json; read at every page load. Each signed-in
 * person gets their preview, else their stage's release, else the live one; anonymous pages
 * the live one; a tab that loaded a release of a remote keeps getting it (DESIGN.md section 26).
 * A REMOTE_*_URL setting pins a remote. With no restart; while the database cannot be read, the
 * last state read, or the settings' addresses.
 */
export async function remotesManifest(
  app: FastifyInstance,
  {
    live,
    repository,
    tokenCaller,
    fallback,
  }: {
    live: LiveRemotes;
    repository: ReleasesRepository;
    tokenCaller: TokenCaller;
    fallback: Record<string, string>;
  },
) {
  app.get('/remotes.json', async (request, reply) => {
    reply.header('cache-control', 'no-cache, private');
    reply.header('vary', `authorization, ${TAB_HEADER}`);
    const [state, person, loaded] = await Promise.all([
      live.state(),
      personOf(request, tokenCaller),
      tabReleases(request, repository),
    ]);
    if (!state) return fallback;
    const answers = withTabReleases(state, answersFor(state, person), loaded);
    return Object.fromEntries(Object.entries(answers).map(([remote, answer]) => [remote, answer.url]));
  });
}
