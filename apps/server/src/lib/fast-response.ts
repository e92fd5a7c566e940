import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

const marked = new WeakSet<z.ZodType>();

/**
 * Marks a response schema of a hot read route (the inbox's pages) to be written by
 * fast-json-stringify, compiled from the schema's JSON Schema, instead of zod's encode and
 * JSON.stringify: 2–3 times faster on a page of fifty threads. It keeps what matters of the
 * zod pass — only the schema's properties leave, a missing required one fails the response — but
 * checks no formats, and converts nothing: only for schemas of plain JSON values (no codecs or
 * transforms; `z.toJSONSchema` refuses those, so marking one fails at start).
 */
export function fastResponse<T extends z.ZodType>(schema: T): T {
  marked.add(schema);
  return schema;
}

/** The app's response serializer: fast-json-stringify for marked schemas, zod's for the rest. */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const schema = route.schema;
  if (!marked.has(schema)) return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  const jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
  return fastJson(jsonSchema as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
};
