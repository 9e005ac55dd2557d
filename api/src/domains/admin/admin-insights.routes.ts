/**
 * GET /api/admin/analytics/: the analytics of any period (`from`/`to`, whole UTC days, at most
 * ANALYTICS_MAX_DAYS; or the last `days` days), as JSON, or one of its tables as a spreadsheet-safe
 * CSV download (`format=csv&table=…`).
 */
import { ANALYTICS_MAX_DAYS, analyticsTable } from '@cliffhanger/shared/contracts';
import { csvText } from '@cliffhanger/shared/csv';
import { type Static, Type } from '@sinclair/typebox';
import type { AppContext } from '../../context';
import { badRequest } from '../../http/errors';
import { withErrors } from '../../http/schemas';
import type { TypedFastify } from '../../http/type-provider';
import { AnalyticsAnswer, AnalyticsQuery } from './admin.schemas';
import { analytics, lastDays, periodOf } from './admin-insights.service';

const DAY_MS = 86_400_000;

/** A day that exists in the calendar (2026-02-30 does not). */
const isRealDay = (day: string) => {
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day;
};

/** The period a query asks for: `from`–`to` (to ≥ from, at most ANALYTICS_MAX_DAYS), else the last `days`. */
export function askedPeriod(ctx: AppContext, query: Static<typeof AnalyticsQuery>) {
  if (query.from === undefined && query.to === undefined) return lastDays(ctx, query.days ?? 30);
  if (query.from === undefined || query.to === undefined) throw badRequest('Give both from and to (YYYY-MM-DD)');
  if (!isRealDay(query.from) || !isRealDay(query.to)) throw badRequest('from and to must be real days (YYYY-MM-DD)');
  const span = (Date.parse(`${query.to}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`)) / DAY_MS + 1;
  if (span < 1) throw badRequest('to must be the same day as from or later');
  if (span > ANALYTICS_MAX_DAYS) throw badRequest(`A period covers at most ${ANALYTICS_MAX_DAYS} days`);
  return periodOf(ctx, query.from, query.to);
}

const AnalyticsCsvOrJson = {
  description: 'The analytics as JSON, or with format=csv one table as a CSV download',
  content: { 'application/json': { schema: AnalyticsAnswer }, 'text/csv': { schema: Type.String() } },
};

export function analyticsRoutes(app: TypedFastify, ctx: AppContext, tags: string[]) {
  app.get(
    '/analytics/',
    // 400: an impossible or too long period, or a CSV without its table; 404: the series asked for does not exist.
    { schema: { tags, querystring: AnalyticsQuery, response: { ...withErrors({}), 200: AnalyticsCsvOrJson } } },
    async (request, reply) => {
      const { query } = request;
      if (query.format === 'csv' && query.table === undefined) throw badRequest('Name the table to export');
      const period = askedPeriod(ctx, query);
      const answer = await analytics(ctx, period, query.series_id);
      if (query.format !== 'csv' || query.table === undefined) return reply.send(answer);
      const [header, rows] = analyticsTable(answer, query.table);
      return reply
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          `attachment; filename="analytics-${query.table}-${period.firstDay}-${period.lastDay}.csv"`,
        )
        .type('text/csv; charset=utf-8')
        .send(csvText(header, rows));
    },
  );
}
