/**
 * The audit log as staff read it: each row with the fields its action changed (a readable diff of
 * "before" and "after"), a page at a time or as a spreadsheet-safe CSV of the same filters.
 */
import { csvText } from '@cliffhanger/shared/csv';
import type { AuditRow } from '../../db/schema';

function parsed(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The fields that differ between `before` and `after`, in the order they first appear: a created record
 * lists every field (before null), a deleted one every field (after null). Anything that is not an
 * object is one unnamed field.
 */
export function auditChanges(before: unknown, after: unknown) {
  if (!isRecord(before) && !isRecord(after)) {
    return JSON.stringify(before ?? null) === JSON.stringify(after ?? null)
      ? []
      : [{ field: '', before: before ?? null, after: after ?? null }];
  }
  const was = isRecord(before) ? before : {};
  const is = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(was), ...Object.keys(is)])];
  return fields
    .filter((field) => JSON.stringify(was[field] ?? null) !== JSON.stringify(is[field] ?? null))
    .map((field) => ({ field, before: was[field] ?? null, after: is[field] ?? null }));
}

export function toAuditDto(row: AuditRow) {
  const before = parsed(row.before_json);
  const after = parsed(row.after_json);
  return {
    id: row.id,
    actor_id: row.actor_id,
    actor_email: row.actor_email,
    action: row.action,
    entity: row.entity,
    entity_id: row.entity_id,
    before,
    after,
    changes: auditChanges(before, after),
    created_at: row.created_at,
  };
}

/** A value as one readable cell: text as it is, anything else as JSON. */
const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

const CSV_HEADER = ['when', 'who', 'action', 'entity', 'entity_id', 'changes', 'before', 'after'];

/** The rows as CSV (RFC 4180, CRLF), with a byte-order mark so spreadsheets read UTF-8 text right. */
export function auditCsv(rows: AuditRow[]): string {
  const lines = rows.map((row) => {
    const entry = toAuditDto(row);
    const changes = entry.changes
      .map((change) => `${change.field ? `${change.field}: ` : ''}${shown(change.before)} → ${shown(change.after)}`)
      .join('; ');
    return [
      entry.created_at,
      entry.actor_email ?? '',
      entry.action,
      entry.entity,
      entry.entity_id ?? '',
      changes,
      row.before_json ?? '',
      row.after_json ?? '',
    ];
  });
  return csvText(CSV_HEADER, lines);
}
