import { registerDecorator, ValidationOptions } from 'class-validator';

/** Limits a string by its UTF-8 size, which is what storage and the wire pay for. */
export function MaxUtf8Bytes(max: number, options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'maxUtf8Bytes',
      target: target.constructor,
      propertyName,
      constraints: [max],
      options,
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || Buffer.byteLength(value, 'utf8') <= max,
      },
    });
}
