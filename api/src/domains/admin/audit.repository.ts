/** Staff reading the audit log; every write records its row with `recordAudit` (kernel/audit-log.ts). */
import type { AuditRow, Executor } from '../../db/schema';

export interface AuditFilters {
  entity?: string;
  entityId?: string;
  actorId?: number;
}

export async function listAudit(
  db: Executor,
  filters: AuditFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: AuditRow[]; count: number }> {
  const base = () => {
    let query = db.selectFrom('audit_log');
    if (filters.entity) query = query.where('entity', '=', filters.entity);
    if (filters.entityId) query = query.where('entity_id', '=', filters.entityId);
    if (filters.actorId) query = query.where('actor_id', '=', filters.actorId);
    return query;
  };
  const rows = await base()
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const total = await base()
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirst();
  return { rows, count: Number(total?.count ?? 0) };
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
