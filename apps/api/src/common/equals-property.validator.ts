import { registerDecorator, ValidationArguments, ValidationOptions } from 'class-validator';

/** The decorated field must equal another field of the same body (password confirmations). */
export function EqualsProperty(property: string, options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'equalsProperty',
      target: target.constructor,
      propertyName,
      constraints: [property],
      options,
      validator: {
        validate(value: unknown, args: ValidationArguments) {
          return value === (args.object as Record<string, unknown>)[args.constraints[0]];
        },
      },
    });
}
