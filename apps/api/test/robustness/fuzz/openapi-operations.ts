import { readFileSync } from 'fs';
import { join } from 'path';

/** The subset of JSON Schema the API's OpenAPI document uses. */
export interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  example?: unknown;
  default?: unknown;
  minimum?: number;
  minLength?: number;
  minItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
}

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required?: boolean;
  schema: Schema;
}

export interface Operation {
  id: string;
  method: string;
  path: string;
  parameters: Parameter[];
  /** Whether the operation reads a bearer token at all (public ones never look at it). */
  secured: boolean;
  /** The request body's schema name (as in components.schemas) and media type, when it has one. */
  body?: { schemaName: string; schema: Schema; mediaType: string };
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      { operationId: string; parameters?: Parameter[]; security?: unknown[]; requestBody?: { content: Record<string, { schema: Schema }> } }
    >
  >;
  components: { schemas: Record<string, Schema> };
}

export const OPENAPI_PATH = join(__dirname, '../../../../../libs/api-client/openapi.json');

export class OpenApi {
  private readonly doc: OpenApiDocument = JSON.parse(readFileSync(OPENAPI_PATH, 'utf8'));

  /** Every operation of the document, DELETEs last so the other operations still find their fixtures. */
  operations(): Operation[] {
    const ops: Operation[] = [];
    for (const [path, methods] of Object.entries(this.doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const [mediaType, content] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
        const body = content
          ? { schemaName: content.schema.$ref?.split('/').pop() ?? 'inline', schema: this.resolve(content.schema), mediaType }
          : undefined;
        ops.push({
          id: op.operationId,
          method: method.toUpperCase(),
          path,
          parameters: op.parameters ?? [],
          secured: !!op.security?.length,
          body,
        });
      }
    }
    return ops.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
  }

  resolve(schema: Schema): Schema {
    return schema.$ref ? this.resolve(this.doc.components.schemas[schema.$ref.split('/').pop() as string]) : schema;
  }
}
