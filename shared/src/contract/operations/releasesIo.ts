import { noContent } from '../common';
import {
  LOAD_REPORTS_PER_MINUTE,
  promoteBody,
  releasesOverview,
  releaseTarget,
  remoteLoadError,
  remotePageLoad,
  remoteReleases,
} from '../releases';
import { taggedIo, type IoTable } from './operation';
import type { releasesOperations } from './releasesOperations';

export const releasesIo = taggedIo('Releases', {
  releasesOverview: {
    summary: "Every remote's releases, which one is live, its changes and its loads of the last 24 hours",
    description:
      'Newest first: version, commit, notes, publication time, manifest URL, page loads and failed loads of the last 24 hours; the live one (since when, by whom), the pinned URL if a REMOTE_*_URL pins it, and its promotions and rollbacks (docs/releases.md).',
    response: { 200: releasesOverview },
  },
  releasesPromote: {
    summary: 'Make a release live, after checking it against the live host',
    description:
      "409 with `problems` (one sentence each) when the release does not fit the live host, or when the live version changed meanwhile; 404 for an unknown version. Told to every open tab as RemoteReleased and to the Admins' bells.",
    params: releaseTarget,
    body: promoteBody,
    response: { 200: remoteReleases },
  },
  releasesRollback: {
    summary: 'Make the release before the live one live again (before the first: the built-in build)',
    description:
      '409 when the remote runs its built-in build, or when the release before does not fit the live host.',
    params: releaseTarget,
    response: { 200: remoteReleases },
  },
  releasesReportLoadError: {
    summary: 'Report a remote that failed to load in this tab (the host does, by itself)',
    description: `429 past ${LOAD_REPORTS_PER_MINUTE} reports a minute per person. Kept 7 days.`,
    body: remoteLoadError,
    response: { 204: noContent },
  },
  releasesReportPageLoad: {
    summary: 'Report a remote page that loaded in this tab (the host does, by itself)',
    description: `429 past ${LOAD_REPORTS_PER_MINUTE} reports a minute per person.`,
    body: remotePageLoad,
    response: { 204: noContent },
  },
} satisfies IoTable<typeof releasesOperations>);
