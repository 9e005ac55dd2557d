/**
 * The audit log: every staff write leaves one row (who, what, when, the record before and after),
 * written in the same transaction as the change it describes, so the log never claims a change that
 * was rolled back nor misses one that was kept. Staff read it through the admin domain (audit.repository.ts).
 */
import type { Executor, UserRow } from '../db/schema';

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
