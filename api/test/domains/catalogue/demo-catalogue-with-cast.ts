/**
 * The set-up of the suites on what staff write into the catalogue: one app per block on the small demo
 * catalogue, a cast signed in (viewer, staff, superuser), and `admin` calling the staff API as its
 * staff member. `cast` is filled in before the first test.
 */
import { seedDemoCatalogue } from '../../../../demo/src/seed-demo-catalogue';
import type { DatabaseKind } from '../../support/databases';
import { smallCatalogue } from '../../support/fixtures';
import { callAs } from '../../support/http';
import { suiteApp } from '../../support/suite-app';
import { type Cast, signUpCast } from '../admin/staff-fixtures';

export function demoCatalogueWithCast(kind: DatabaseKind) {
  const t = suiteApp(kind);
  const cast = {} as Cast;
  beforeAll(async () => {
    await seedDemoCatalogue(t.ctx, smallCatalogue());
    Object.assign(cast, await signUpCast(t));
  });
  const admin = (method: string, url: string, payload?: unknown) =>
    callAs(t.app, cast.staff.access, { method, url: `/api/admin${url}`, payload });
  return { t, cast, admin };
}
