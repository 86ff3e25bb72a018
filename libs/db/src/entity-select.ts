import { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';

/**
 * `alias.column AS "<labelPrefix><property>"` for each property, the column names as the entity maps them: a raw
 * statement reads an entity's columns under its property names, so pg's parsed values (no column has a transformer)
 * are the entity's, without TypeORM building the query and hydrating the row on every call.
 */
export function selectListSql(
  dataSource: DataSource,
  entity: EntityTarget<ObjectLiteral>,
  alias: string,
  properties: readonly string[],
  labelPrefix = '',
): string {
  const metadata = dataSource.getMetadata(entity);
  return properties
    .map((property) => {
      const column = metadata.findColumnWithPropertyName(property);
      if (!column) throw new Error(`${metadata.name} has no column for ${property}`);
      return `${alias}.${column.databaseName} AS "${labelPrefix}${property}"`;
    })
    .join(', ');
}

/** A statement built once per data source (from its entities' mapping) and kept while the data source lives. */
export function statementPerDataSource(build: (dataSource: DataSource) => string): (dataSource: DataSource) => string {
  const statements = new WeakMap<DataSource, string>();
  return (dataSource) => {
    let sql = statements.get(dataSource);
    if (sql === undefined) statements.set(dataSource, (sql = build(dataSource)));
    return sql;
  };
}
