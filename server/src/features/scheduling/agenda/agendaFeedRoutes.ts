import {
  agendaFeed,
  agendaFeedCreate,
  createdAgendaFeed,
  dayIn,
  idParams,
  shiftDay,
  type Role,
} from '@auditdesk/shared/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Authenticate } from '../../auth/authenticate';
import { badRequest, notFound } from '../../../platform/errors/httpProblem';
import type { LeadsRepository } from '../../leads/repository/leadsRepository';
import { agendaCalendar } from './agendaCalendar';
import type { AgendaFeeds } from './agendaFeeds';
import { readAgenda } from './readAgenda';

const tags = ['Scheduling'];
/** Who may hand out a feed: it shows customers' addresses and phones to whoever has it. */
const FEED_KEEPERS: Role[] = ['Admin', 'Manager'];
/** What a subscribed phone sees: the past week and the next two months. */
const FEED_DAYS_BACK = 7;
const FEED_DAYS_AHEAD = 60;
const UNKNOWN_FEED = 'This agenda feed does not exist or was revoked.';

interface FeedOptions {
  feeds: AgendaFeeds;
  leads: LeadsRepository;
  auditors: readonly string[];
  timeZone: string;
  publicOrigin: string;
  authenticate: Authenticate;
}

const feedUrl = (origin: string, token: string) => `${origin}/api/agenda-feed/${token}`;

/** /api/scheduling/agenda/feeds: the feeds handed out, a new one, and revoking one. */
export const agendaFeedRoutes: FastifyPluginAsyncZod<Omit<FeedOptions, 'leads' | 'timeZone'>> = async (
  app,
  { feeds, auditors, publicOrigin, authenticate },
) => {
  const keepers = { onRequest: authenticate(...FEED_KEEPERS) };

  app.get(
    '/',
    {
      ...keepers,
      schema: { tags, summary: 'The live agenda feeds', response: { 200: z.array(agendaFeed) } },
    },
    async () => feeds.list(),
  );

  app.post(
    '/',
    {
      ...keepers,
      schema: {
        tags,
        summary: "A new feed of an auditor's agenda, for a phone's calendar",
        description: 'The answer holds the address, given this once; only a hash of its secret is kept.',
        body: agendaFeedCreate,
        response: { 201: createdAgendaFeed },
      },
    },
    async (request, reply) => {
      const auditor = auditors.find((name) => name.toLowerCase() === request.body.auditor.toLowerCase());
      if (!auditor) throw badRequest(`Choose one of the auditors: ${auditors.join(', ')}.`);
      const { feed, token } = await feeds.create(auditor, request.currentUser!.email);
      return reply.code(201).send({ ...feed, url: feedUrl(publicOrigin, token) });
    },
  );

  app.delete(
    '/:id',
    {
      ...keepers,
      schema: { tags, summary: 'Revokes a feed: its address answers 404 from now on', params: idParams },
    },
    async (request, reply) => {
      if (!(await feeds.revoke(request.params.id))) throw notFound(UNKNOWN_FEED);
      return reply.code(204).send();
    },
  );
};

/**
 * GET /api/agenda-feed/{token}: the feed itself, for calendar apps, which send no sign-in:
 * the secret in the address is the permission, and revoking the feed withdraws it.
 */
export const agendaFeedReadRoute: FastifyPluginAsyncZod<
  Omit<FeedOptions, 'authenticate' | 'auditors' | 'publicOrigin'>
> = async (app, { feeds, leads, timeZone }) => {
  app.get(
    '/:token',
    {
      schema: {
        tags,
        summary: "A subscribed auditor's agenda (iCalendar): the past week and the next 60 days",
        params: z.strictObject({ token: z.string().max(100) }),
        produces: ['text/calendar'],
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const auditor = await feeds.read(request.params.token);
      if (!auditor) throw notFound(UNKNOWN_FEED);
      const today = dayIn(timeZone)(new Date());
      const agenda = await readAgenda(leads, timeZone, {
        auditor,
        from: shiftDay(today, -FEED_DAYS_BACK),
        to: shiftDay(today, FEED_DAYS_AHEAD),
      });
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(agendaCalendar(agenda));
    },
  );
};
