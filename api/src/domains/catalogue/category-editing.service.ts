/** Staff editing of the categories (the genre chips): list, create, rename and delete, each write with its audit row. */
import { slugOf } from '@cliffhanger/shared/routes';
import type { Static } from '@sinclair/typebox';
import type { AppContext } from '../../context';
import { nowIso } from '../../context';
import type { Executor, UserRow } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { recordAudit } from '../../kernel/audit-log';
import { listCategories } from './catalogue.repository';
import {
  categoriesWithUse,
  categoryNamed,
  categoryUseCount,
  deleteCategoryRow,
  findCategory,
  insertCategory,
  lastCategoryPosition,
  updateCategoryRow,
} from './catalogue-editing.repository';
import type { CategoryCreateBody, CategoryUpdateBody } from './catalogue-editing.schemas';
import { toCategoryDto } from './series-mapper';
import { storedTranslations } from './translations';

async function categoryRow(db: Executor, id: number) {
  const row = await findCategory(db, id);
  if (!row) throw notFound('Category not found');
  return row;
}

async function assertFreeCategory(db: Executor, name: string, slug: string, exceptId?: number) {
  if (await categoryNamed(db, name, slug, exceptId))
    throw conflict(`A category named "${name}" or with the address "${slug}" exists`);
}

/** A new category, last in the genre chips; 409 when its name or address is taken. */
export async function createCategory(ctx: AppContext, actor: UserRow, body: Static<typeof CategoryCreateBody>) {
  const at = nowIso(ctx);
  const name = body.name.trim();
  if (!name) throw badRequest('Enter a name for the category');
  const slug = body.slug ?? slugOf(name, 'genre');
  return ctx.db.transaction().execute(async (trx) => {
    const db = trx;
    await assertFreeCategory(db, name, slug);
    const last = await lastCategoryPosition(db);
    const insertedId = await insertCategory(db, {
      name,
      slug,
      icon: body.icon ?? '',
      color: body.color ?? '#666666',
      translations: storedTranslations(body.translations),
      position: Number(last?.position ?? -1) + 1,
      created_at: at,
    });
    const after = await categoryRow(db, insertedId);
    await recordAudit(trx, {
      actor,
      action: 'category.create',
      entity: 'category',
      entityId: insertedId,
      after,
      at,
    });
    return toCategoryDto(after);
  });
}

/** Renames (or re-colours) a category; series keep it. 409 when the new name or address is taken. */
export async function updateCategory(
  ctx: AppContext,
  actor: UserRow,
  id: number,
  body: Static<typeof CategoryUpdateBody>,
) {
  const at = nowIso(ctx);
  return ctx.db.transaction().execute(async (trx) => {
    const db = trx;
    const before = await categoryRow(db, id);
    const name = body.name !== undefined ? body.name.trim() : before.name;
    if (!name) throw badRequest('Enter a name for the category');
    await assertFreeCategory(db, name, body.slug ?? before.slug, id);
    const { translations, ...fields } = body;
    await updateCategoryRow(db, id, {
      ...fields,
      name,
      ...(translations !== undefined ? { translations: storedTranslations(translations) } : {}),
    });
    const after = await categoryRow(db, id);
    await recordAudit(trx, { actor, action: 'category.update', entity: 'category', entityId: id, before, after, at });
    return toCategoryDto(after);
  });
}

/** Every category for the staff, with how many series use it and whether viewers see it as a chip. */
export async function staffCategories(ctx: AppContext) {
  const [rows, shown] = await Promise.all([categoriesWithUse(ctx.db), listCategories(ctx.db, nowIso(ctx))]);
  const shownIds = new Set(shown.map((row) => row.id));
  return rows.map(({ series_count, ...row }) => ({
    ...toCategoryDto(row),
    series_count: Number(series_count ?? 0),
    shown: shownIds.has(row.id),
  }));
}

/** Deletes a category no series uses; 409 naming how many series still do. */
export async function deleteCategory(ctx: AppContext, actor: UserRow, id: number) {
  const at = nowIso(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const before = await categoryRow(trx, id);
    const used = await categoryUseCount(trx, id);
    if (used > 0)
      throw conflict(`"${before.name}" cannot be deleted while series use it (${used}). Remove it from them first.`);
    await deleteCategoryRow(trx, id);
    await recordAudit(trx, { actor, action: 'category.delete', entity: 'category', entityId: id, before, at });
  });
}
