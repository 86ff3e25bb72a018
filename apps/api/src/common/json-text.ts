import { Header } from '@nestjs/common';

/**
 * A response body that is already JSON text, typed by the value it encodes. Express sends a string as it is, so
 * a route returning one says it is JSON with JsonTextResponse; its OpenAPI type stays the encoded DTO.
 */
export type JsonText<T> = string & { readonly __encodes?: T };

export const JsonTextResponse = () => Header('Content-Type', 'application/json; charset=utf-8');
