import { noContent } from '../common';
import { z } from 'zod';
import {
  LOAD_REPORTS_PER_MINUTE,
  myReleases,
  previewBody,
  promoteBody,
  stageBody,
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
  releasesMine: {
    summary: 'The release of each remote the caller gets now, with its notes and their preview',
    description:
      "What /remotes.json answers this person (their preview, else their stage's release, else the live one), with each release's one-line notes and, while they preview one, until when. The host reads it for its banners.",
    response: { 200: myReleases },
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
  releasesStage: {
    summary:
      'Try a release on some people first: a role (and those above), a share of people, or named people',
    description:
      "After the same check as a promotion. `audience` is `{kind:'role',role}`, `{kind:'share',share}` (1–99 %, a stable hash of each person's id) or `{kind:'users',users:[e-mails]}`. Staging the staged release again changes its audience; another release's stage must be advanced or aborted first (409). 400 for an e-mail without an account with access. Watched: aborted by itself when clearly worse than the live release (docs/releases.md).",
    params: releaseTarget,
    body: stageBody,
    response: { 200: remoteReleases },
  },
  releasesAdvance: {
    summary:
      'Move the stage to its next step: Admins, Managers, everyone; 5, 10, 25, 50 %, everyone; named people, everyone',
    description:
      'To everyone is a promotion: the staged release goes live (after the check) and the stage ends. 409 without a stage, or when someone changed it meanwhile.',
    params: releaseTarget,
    response: { 200: remoteReleases },
  },
  releasesAbort: {
    summary: 'End the stage: everyone back on the live release',
    description:
      '409 without a stage, or when someone changed it meanwhile. Recorded and told to the tabs and the bells.',
    params: releaseTarget,
    response: { 200: remoteReleases },
  },
  releasesPreview: {
    summary: 'Preview a release yourself only, for RELEASE_PREVIEW_MINUTES',
    description:
      "Kept on the server: each of the caller's tabs gets this release of the remote at its next load, before any stage; after the same check as a promotion (409 with `problems`).",
    params: releaseTarget,
    body: previewBody,
    response: { 200: z.object({ until: z.string() }) },
  },
  releasesLeavePreview: {
    summary: 'Leave your preview of a remote',
    description: '404 when the caller is not previewing one.',
    params: releaseTarget,
    response: { 204: noContent },
  },
  releasesReportLoadError: {
    summary:
      'Report a remote that failed to load, or whose page crashed, in this tab (the host does, by itself)',
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
