import { dayIn, shiftDay } from '@auditdesk/shared/core';
import type { FastifyPluginAsync } from 'fastify';
import type { Authenticate } from '../../../platform/http/authenticate';
import { operationRoutes } from '../../../platform/http/operationRoutes';
import { notFound } from '../../../platform/errors/httpProblem';
import type { LeadsRepository } from '../../leads/repository/leadsRepository';
import { agendaCalendar } from './agendaCalendar';
import type { AgendaFeeds } from './agendaFeeds';
import { knownAuditor } from './knownAuditor';
import { readAgenda } from './readAgenda';

/** What a subscribed phone sees: the past week and the next two months. */
const FEED_DAYS_BACK = 7;
const FEED_DAYS_AHEAD = 60;
const UNKNOWN_FEED = 'This agenda feed does not exist or was revoked.';

const feedUrl = (origin: string, token: string) => `${origin}/api/agenda-feed/${token}`;

/**
 * The phone-calendar feeds of auditors' agendas. /api/scheduling/agenda/feeds: the feeds handed
 * out, a new one, and revoking one; only for their keepers (the table's access), as a feed shows
 * customers' addresses and phones to whoever has it. /api/agenda-feed/{token}: the feed itself,
 * for calendar apps, which send no sign-in: the secret in the address is the permission, and
 * revoking the feed withdraws it, as its maker losing the right to hand feeds out does.
 */
export const agendaFeedRoutes: FastifyPluginAsync<{
  feeds: AgendaFeeds;
  leads: LeadsRepository;
  auditors: readonly string[];
  timeZone: string;
  publicOrigin: string;
  authenticate: Authenticate;
}> = async (app, { feeds, leads, auditors, timeZone, publicOrigin, authenticate }) => {
  const route = operationRoutes(app, authenticate);

  route('schedulingFeedsList', async () => feeds.list());

  route('schedulingFeedsCreate', async (request, reply) => {
    const auditor = knownAuditor(auditors, request.body.auditor);
    const { feed, token } = await feeds.create(auditor, request.currentUser!.email);
    return reply.code(201).send({ ...feed, url: feedUrl(publicOrigin, token) });
  });

  route('schedulingFeedsRevoke', async (request, reply) => {
    if (!(await feeds.revoke(request.params.id))) throw notFound(UNKNOWN_FEED);
    return reply.code(204).send();
  });

  route('schedulingFeedRead', async (request, reply) => {
    const feed = await feeds.read(request.params.token);
    if (!feed) throw notFound(UNKNOWN_FEED);
    // the log names the feed by its id (the address itself, the secret, is redacted)
    reply.log = request.log = request.log.child({ feedId: feed.id });
    const today = dayIn(timeZone)(new Date());
    const agenda = await readAgenda(leads, timeZone, {
      auditor: feed.auditor,
      from: shiftDay(today, -FEED_DAYS_BACK),
      to: shiftDay(today, FEED_DAYS_AHEAD),
    });
    return reply
      .type('text/calendar; charset=utf-8')
      .header('cache-control', 'private, max-age=300')
      .send(agendaCalendar(agenda));
  });
};
