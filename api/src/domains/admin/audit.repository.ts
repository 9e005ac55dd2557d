/**
 * The audit log: every staff write leaves one row (who, what, when, the record before and after),
 * written in the same transaction as the change it describes, so the log never claims a change that
 * was rolled back nor misses one that was kept.
 */
import type { AuditRow, Executor, UserRow } from '../../db/schema';

export interface AuditEntry {
  actor: Pick<UserRow, 'id' | 'email'> | null;
  action: string;
  entity: string;
  entityId: string | number | null;
  before?: unknown;
  after?: unknown;
  at: string;
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: entry.actor?.id ?? null,
      actor_email: entry.actor?.email ?? null,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId === null ? null : String(entry.entityId),
      before_json: json(entry.before),
      after_json: json(entry.after),
      created_at: entry.at,
    })
    .execute();
}

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
