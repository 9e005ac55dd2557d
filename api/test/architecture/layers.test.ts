import ts from 'typescript';
import {
  buildsSql,
  CATALOGUE_TABLE_ALLOWANCES,
  castsThroughUnknown,
  castsThroughUnknownIn,
  catalogueTableQueries,
  DOMAIN_LAYERS,
  demoImports,
  environmentReaders,
  findCycles,
  frontendImports,
  layerViolations,
  mayBuildSql,
  mayQueryCatalogue,
  partCycles,
  queriesCatalogue,
  readImports,
  readsProcessEnv,
  sqlOutsideRepositories,
  unownedCatalogueQueries,
} from './import-graph';

describe('the API is a layered graph over its kernel', () => {
  const imports = readImports();

  it('reads the imports of every source file', () => {
    expect(imports.some(({ from, to }) => from === 'app.ts' && to === 'domains/admin/admin.routes.ts')).toBe(true);
  });

  it('no domain imports a domain above it, and the kernel imports only the kernel', () => {
    expect(layerViolations(imports)).toEqual([]);
  });

  it('no source file reaches itself through its imports', () => {
    expect(findCycles(imports)).toEqual([]);
  });

  it('no part of the API (a domain, a folder, a file at the top) reaches itself through the others', () => {
    expect(partCycles(imports)).toEqual([]);
    const at = (from: string, to: string) => ({ from, to, specifier: to });
    expect(partCycles([at('config.ts', 'frontends/frontends-config.ts'), at('frontends/a.ts', 'config.ts')])).toEqual([
      ['config.ts', 'frontends/'],
    ]);
    expect(partCycles([at('kernel/identity.ts', 'http/errors.ts'), at('http/errors.ts', 'kernel/x.ts')])).toHaveLength(
      1,
    );
    expect(
      partCycles([at('kernel/identity.ts', 'http/errors.ts'), at('http/rate-limit.ts', 'http/tokens.ts')]),
    ).toEqual([]);
  });

  it('the server imports no frontend package', () => {
    expect(frontendImports(imports)).toEqual([]);
  });

  it('the API imports nothing from the demo workspace: the demo builds on the API, never the reverse', () => {
    expect(demoImports(imports)).toEqual([]);
    expect(imports.some(({ from }) => from.startsWith('demo/'))).toBe(false);
  });

  it('every domain folder has its place in the layer order', () => {
    const folders = new Set(imports.map(({ from }) => /^domains\/([^/]+)\//.exec(from)?.[1]).filter(Boolean));
    expect([...folders].filter((name) => !DOMAIN_LAYERS.includes(name as (typeof DOMAIN_LAYERS)[number]))).toEqual([]);
  });

  it('the check itself catches a back-import, a kernel import of a domain, a cycle, a frontend import and a demo import', () => {
    const at = (from: string, to: string | null, specifier = to ?? '') => ({ from, to, specifier });
    expect(
      layerViolations([at('domains/users/users.service.ts', 'domains/payments/payments.service.ts')]),
    ).toHaveLength(1);
    expect(layerViolations([at('domains/payments/payments.service.ts', 'domains/users/users.service.ts')])).toEqual([]);
    expect(layerViolations([at('kernel/identity.ts', 'domains/users/users.repository.ts')])).toHaveLength(1);
    expect(layerViolations([at('config.ts', 'frontends/frontends-config.ts')])).toHaveLength(1);
    expect(layerViolations([at('kernel/identity.ts', 'http/errors.ts')])).toEqual([]);
    expect(findCycles([at('a.ts', 'b.ts'), at('b.ts', 'c.ts'), at('c.ts', 'a.ts')])).toEqual([
      ['a.ts', 'b.ts', 'c.ts'],
    ]);
    expect(frontendImports([at('app.ts', null, '@cliffhanger/mf-wallet/src/module')])).toHaveLength(1);
    expect(frontendImports([at('app.ts', null, '@cliffhanger/shared/constants')])).toEqual([]);
    expect(
      demoImports([at('server.ts', '../../demo/src/demo-catalogue-run.ts', '../../demo/src/demo-catalogue-run')]),
    ).toHaveLength(1);
    expect(demoImports([at('server.ts', null, '@cliffhanger/demo/src/server')])).toHaveLength(1);
    expect(demoImports([at('server.ts', 'startup-job.ts', './startup-job')])).toEqual([]);
  });

  it('only repositories and the kernel build SQL: routes, services, queues and helpers call them', () => {
    expect(sqlOutsideRepositories()).toEqual([]);
    expect(mayBuildSql('domains/payments/payments.repository.ts')).toBe(true);
    expect(mayBuildSql('kernel/coin-ledger.ts')).toBe(true);
    expect(mayBuildSql('domains/payments/payment-reversals.ts')).toBe(false);
    expect(mayBuildSql('domains/playback/playback.service.ts')).toBe(false);
    expect(mayBuildSql('domains/auth/auth.routes.ts')).toBe(false);
  });

  it('only the catalogue repositories query series, episodes, seasons and categories: other domains call them', () => {
    expect(unownedCatalogueQueries()).toEqual([]);
    // Each allowance still names a file (or folder) that queries them; one that no longer does is removed.
    const querying = catalogueTableQueries().map(({ file }) => file);
    const stale = Object.keys(CATALOGUE_TABLE_ALLOWANCES).filter(
      (entry) => !querying.some((file) => (entry.endsWith('/') ? file.startsWith(entry) : file === entry)),
    );
    expect(stale).toEqual([]);
    expect(mayQueryCatalogue('domains/catalogue/catalogue-editing.repository.ts')).toBe(true);
    expect(mayQueryCatalogue('domains/viewing/viewing.repository.ts')).toBe(false);
    expect(mayQueryCatalogue('domains/catalogue/catalogue.service.ts')).toBe(false);
  });

  it('the catalogue check sees a table in a query builder, a join or raw SQL, never in a comment or a string', () => {
    const parse = (text: string) => ts.createSourceFile('x.repository.ts', text, ts.ScriptTarget.Latest, true);
    expect(queriesCatalogue(parse("db.selectFrom('episodes').selectAll();"))).toHaveLength(1);
    expect(
      queriesCatalogue(parse("db.selectFrom('my_list').innerJoin('series as s', 's.id', 'my_list.series_id');")),
    ).toHaveLength(1);
    expect(queriesCatalogue(parse("trx.updateTable('series').set({ likes: 0 });"))).toHaveLength(1);
    const rawSql = ['await sql`select id from episodes where id = ', '$', '{id}`.execute(db);'].join('');
    expect(queriesCatalogue(parse(rawSql))).toHaveLength(1);
    expect(queriesCatalogue(parse("db.selectFrom('series_likes').selectAll();"))).toEqual([]);
    expect(queriesCatalogue(parse("// db.selectFrom('episodes')\nconst word = 'episodes';"))).toEqual([]);
  });

  it('only the configuration, the entry points and the print scripts read process.env', () => {
    expect(environmentReaders()).toEqual([]);
  });

  it('the checks see query builders and process.env in code, never in comments or strings', () => {
    const parse = (text: string) => ts.createSourceFile('x.service.ts', text, ts.ScriptTarget.Latest, true);
    expect(buildsSql(parse("await db.selectFrom('users').selectAll().execute();"))).toHaveLength(1);
    expect(buildsSql(parse('await sql`select 1`.execute(db);'))).toHaveLength(1);
    expect(buildsSql(parse("await trx.updateTable('users').set({ a: 1 }).execute();"))).toHaveLength(1);
    expect(buildsSql(parse("// db.selectFrom('users')\nconst text = 'insertInto(x)';"))).toEqual([]);
    expect(readsProcessEnv(parse('const port = process.env.PORT;'))).toBe(true);
    expect(readsProcessEnv(parse("// process.env.PORT\nconst name = 'process.env';"))).toBe(false);
  });

  it('no value is cast through unknown: the one Database interface types every table', () => {
    expect(castsThroughUnknownIn()).toEqual([]);
    const probe = ts.createSourceFile(
      'api/src/probe.ts',
      'const a = b as unknown as C; // x as unknown as D',
      ts.ScriptTarget.Latest,
      true,
    );
    expect(castsThroughUnknown(probe)).toHaveLength(1);
  });
});
