/**
 * Issue #39, the operator's desk: the reason staff typed is kept on the ledger row of a grant or
 * deduction (`coin_ledger.note`, shown to staff; viewers see a polite generic label), and a staff
 * invitation is made for one e-mail address (`staff_invitations.email`) and can be withdrawn before it
 * is used (`revoked_at`). Frozen in time (`Kysely<any>`); one file serves SQLite and PostgreSQL.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('coin_ledger').addColumn('note', 'text').execute();
  await db.schema.alterTable('staff_invitations').addColumn('email', 'text').execute();
  await db.schema.alterTable('staff_invitations').addColumn('revoked_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('staff_invitations').dropColumn('revoked_at').execute();
  await db.schema.alterTable('staff_invitations').dropColumn('email').execute();
  await db.schema.alterTable('coin_ledger').dropColumn('note').execute();
}
