/**
 * Sees every write the API makes through `ctx.db`, so caches are invalidated by the writes themselves
 * rather than by calls that each domain would have to remember. A Kysely plugin: it reads the query
 * tree of each insert, update and delete (which table, which columns, which row ids when the query
 * names them with `id = …` or `id in (…)`) and reports the write once the statement has run.
 *
 * A write inside a transaction is reported when its statement runs, before the commit; a reader that
 * fills a cache in between still sees the old row. Caches therefore invalidate again shortly after
 * (see `REPEAT_AFTER_MS` in app-caches.ts), and their time-to-live bounds what is left.
 */
import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

export interface ObservedWrite {
  table: string;
  kind: 'insert' | 'update' | 'delete';
  /** The updated columns (updates only). */
  columns: string[];
  /** The row ids the statement is limited to, or null when it may touch any row. */
  ids: number[] | null;
}

type Node = OperationNode & Record<string, unknown>;

function tableName(node: unknown): string | null {
  const table = node as Node | undefined;
  if (!table) return null;
  if (table.kind === 'TableNode') {
    const identifier = (table.table as Node | undefined)?.identifier as Node | undefined;
    return typeof identifier?.name === 'string' ? identifier.name : null;
  }
  if (table.kind === 'AliasNode') return tableName(table.node);
  return null;
}

function columnName(node: unknown): string | null {
  const reference = node as Node | undefined;
  const column = (reference?.kind === 'ReferenceNode' ? reference.column : reference) as Node | undefined;
  if (column?.kind !== 'ColumnNode') return null;
  const identifier = column.column as Node | undefined;
  return typeof identifier?.name === 'string' ? identifier.name : null;
}

function numbers(values: unknown[]): number[] | null {
  const ids = values.map(Number);
  return ids.every((id) => Number.isInteger(id)) ? ids : null;
}

/** The ids of an `id = v` or `id in (…)` condition that every row of the statement must meet. */
function idsOf(condition: unknown): number[] | null {
  const node = condition as Node | undefined;
  if (!node) return null;
  if (node.kind === 'AndNode') return idsOf(node.left) ?? idsOf(node.right);
  if (node.kind === 'ParensNode') return idsOf(node.node);
  if (node.kind !== 'BinaryOperationNode' || columnName(node.leftOperand) !== 'id') return null;
  const operator = (node.operator as Node | undefined)?.operator;
  const right = node.rightOperand as Node | undefined;
  if (operator === '=' && right?.kind === 'ValueNode') return numbers([right.value]);
  if (operator === 'in' && right?.kind === 'PrimitiveValueListNode') return numbers(right.values as unknown[]);
  if (operator === 'in' && right?.kind === 'ValueListNode') {
    const values = right.values as Node[];
    return values.every((value) => value.kind === 'ValueNode') ? numbers(values.map((value) => value.value)) : null;
  }
  return null;
}

/** What a statement writes, or null for a read. */
export function describeWrite(node: RootOperationNode): ObservedWrite | null {
  const query: Node = { ...node };
  if (query.kind === 'InsertQueryNode') {
    const table = tableName(query.into);
    return table ? { table, kind: 'insert', columns: [], ids: null } : null;
  }
  if (query.kind === 'UpdateQueryNode') {
    const table = tableName(query.table);
    if (!table) return null;
    const updates = (query.updates as Node[] | undefined) ?? [];
    const columns = updates.map((update) => columnName(update.column)).filter((name): name is string => !!name);
    const where = (query.where as Node | undefined)?.where;
    return { table, kind: 'update', columns, ids: query.from || query.joins ? null : idsOf(where) };
  }
  if (query.kind === 'DeleteQueryNode') {
    const froms = ((query.from as Node | undefined)?.froms as unknown[] | undefined) ?? [];
    const table = tableName(froms[0]);
    const where = (query.where as Node | undefined)?.where;
    return table ? { table, kind: 'delete', columns: [], ids: froms.length === 1 ? idsOf(where) : null } : null;
  }
  return null;
}

export class WriteObserverPlugin implements KyselyPlugin {
  private readonly pending = new WeakMap<object, ObservedWrite>();

  constructor(private readonly onWrite: (write: ObservedWrite) => void) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const write = describeWrite(args.node);
    if (write) this.pending.set(args.queryId, write);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const write = this.pending.get(args.queryId);
    if (write) {
      this.pending.delete(args.queryId);
      this.onWrite(write);
    }
    return args.result;
  }
}
