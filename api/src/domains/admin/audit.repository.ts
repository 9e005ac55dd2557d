/** Staff reading the audit log; every write records its row with `recordAudit` (kernel/audit-log.ts). */
import type { AuditRow, Executor } from '../../db/schema';
import { type Page, type PageRequest, paginate } from '../../kernel/paging';
import { containsText } from '../catalogue/catalogue.repository';

export interface AuditFilters {
  entity?: string;
  entityId?: string;
  actorId?: number;
  /** Part of the acting person's e-mail address. */
  actor?: string;
  /** An action exactly, or a prefix ending in a dot (`user.` is every action on users). */
  action?: string;
  /** Days, YYYY-MM-DD (UTC), both inclusive. */
  from?: string;
  to?: string;
}

/** The day after `day` (YYYY-MM-DD), where a range that includes `day` ends. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();

function filtered(db: Executor, filters: AuditFilters) {
  let query = db.selectFrom('audit_log');
  if (filters.entity) query = query.where('entity', '=', filters.entity);
  if (filters.entityId) query = query.where('entity_id', '=', filters.entityId);
  if (filters.actorId) query = query.where('actor_id', '=', filters.actorId);
  const actor = filters.actor?.trim();
  if (actor) query = query.where(containsText('actor_email', actor));
  const action = filters.action?.trim();
  if (action?.endsWith('.')) query = query.where('action', 'like', `${action.replace(/[\\%_]/g, '\\$&')}%`);
  else if (action) query = query.where('action', '=', action);
  if (filters.from) query = query.where('created_at', '>=', `${filters.from}T00:00:00.000Z`);
  if (filters.to) query = query.where('created_at', '<', dayAfter(filters.to));
  return query;
}

export function listAudit(db: Executor, filters: AuditFilters, request: PageRequest): Promise<Page<AuditRow>> {
  return paginate(request, 50, {
    rows: ({ limit, offset }) =>
      filtered(db, filters)
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    count: () =>
      filtered(db, filters)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirst(),
  });
}

/** The most rows one CSV export holds; a wider range is exported in parts by narrowing the dates. */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

export function exportAudit(db: Executor, filters: AuditFilters): Promise<AuditRow[]> {
  return filtered(db, filters)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(AUDIT_EXPORT_MAX_ROWS)
    .execute();
}

/** The distinct actions recorded, for the screen's action filter. */
export async function auditActions(db: Executor): Promise<string[]> {
  const rows = await db.selectFrom('audit_log').select('action').distinct().orderBy('action').execute();
  return rows.map((row) => row.action);
}
