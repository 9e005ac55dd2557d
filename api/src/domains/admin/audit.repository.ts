/** Staff reading the audit log; every write records its row with `recordAudit` (kernel/audit-log.ts). */
import type { AuditRow, Executor } from '../../db/schema';
import { type Page, type PageRequest, paginate } from '../../kernel/paging';

export interface AuditFilters {
  entity?: string;
  entityId?: string;
  actorId?: number;
}

export function listAudit(db: Executor, filters: AuditFilters, request: PageRequest): Promise<Page<AuditRow>> {
  const base = () => {
    let query = db.selectFrom('audit_log');
    if (filters.entity) query = query.where('entity', '=', filters.entity);
    if (filters.entityId) query = query.where('entity_id', '=', filters.entityId);
    if (filters.actorId) query = query.where('actor_id', '=', filters.actorId);
    return query;
  };
  return paginate(request, 50, {
    rows: ({ limit, offset }) =>
      base().selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    count: () =>
      base()
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirst(),
  });
}

function parsed(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function toAuditDto(row: AuditRow) {
  return {
    id: row.id,
    actor_id: row.actor_id,
    actor_email: row.actor_email,
    action: row.action,
    entity: row.entity,
    entity_id: row.entity_id,
    before: parsed(row.before_json),
    after: parsed(row.after_json),
    created_at: row.created_at,
  };
}
