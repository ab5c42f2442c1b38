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
import { noteTablesRead, noteTablesWritten, tracing } from './dependencies';

/**
 * Sees the table names in every query's operation tree, so that a rendered answer knows which tables it
 * read and a write knows which it changed, without any query having to say so. One mechanism for every
 * query Kysely builds; it changes nothing in the query and costs nothing outside a traced render or write.
 */
export class TableTrackingPlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (tracing()) {
      const { node } = args;
      noteTablesRead(tablesIn(node));
      const target = writeTarget(node);
      if (target) noteTablesWritten(tablesIn(target));
    }
    return args.node;
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
    // A column reference ('m.id') names a table or an alias only to qualify the column; the tables a query
    // reads are the ones it selects from, joins or writes, which appear outside references.
    if (!isOperationNode(value) || value.kind === 'ReferenceNode') return;
    if (value.kind === 'TableNode') {
      found.add((value as TableNode).table.identifier.name);
      return;
    }
    for (const child of Object.values(value)) visit(child);
  };
  visit(node);
  return found;
}

function isOperationNode(value: unknown): value is OperationNode {
  return typeof value === 'object' && value !== null && typeof (value as { kind?: unknown }).kind === 'string';
}
