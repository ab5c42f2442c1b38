import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  TableNode,
  UnknownRow,
} from 'kysely';
import { noteTablesRead, noteTablesWritten, tracingReads, tracingWrites } from './dependencies';

/**
 * Sees the table names in every query's operation tree, so that a rendered answer knows which tables it
 * read and a write knows which it changed, without any query having to say so. One mechanism for every
 * query Kysely builds; it changes nothing in the query and costs nothing outside a traced render or write.
 */
export class TableTrackingPlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const { node } = args;
    // A write's trace needs only the table it changes, not every table its query names: the walk through the
    // whole tree is for renders.
    if (tracingReads()) noteTablesRead(tablesIn(node));
    const target = tracingWrites() ? writeTarget(node) : null;
    if (target) noteTablesWritten(tablesIn(target));
    return node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/** The part of a write that names the table it changes; null for a read. */
function writeTarget(node: RootOperationNode): OperationNode | null {
  switch (node.kind) {
    case 'InsertQueryNode':
      return node.into ?? null;
    case 'UpdateQueryNode':
      return node.table ?? null;
    case 'DeleteQueryNode':
      return node.from;
    case 'MergeQueryNode':
      return node.into;
    default:
      return null;
  }
}

/**
 * Nodes under which no table can be named: references to columns, bound values and names. A column reference
 * ('m.id') names a table or an alias only to qualify the column; the tables a query reads are the ones it
 * selects from, joins or writes, which appear outside references. Skipping the rest keeps the walk short
 * (every value row of an insert is such a leaf).
 */
const LEAVES = new Set(['ReferenceNode', 'ValueNode', 'PrimitiveValueListNode', 'IdentifierNode', 'ColumnNode', 'OperatorNode', 'SchemableIdentifierNode']);

/**
 * Every table a query under `node` reads or writes (joins and subqueries included, aliases resolved). Only
 * operation nodes are entered, never values, so a file's bytes bound to an insert are not walked through.
 */
export function tablesIn(node: OperationNode): Set<string> {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const kind = (value as { kind?: unknown }).kind;
    if (typeof kind !== 'string' || LEAVES.has(kind)) return;
    if (kind === 'TableNode') {
      found.add((value as TableNode).table.identifier.name);
      return;
    }
    for (const key in value) visit((value as Record<string, unknown>)[key]);
  };
  visit(node);
  return found;
}
