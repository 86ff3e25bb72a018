import { registerDecorator } from 'class-validator';

import { isTestDataText, TEST_DATA_TEXT_RULE } from '../test-data-text';

/** The string is test data the judge can compare and the database can store (see test-data-text.ts). */
export function IsTestDataText() {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isTestDataText',
      target: target.constructor,
      propertyName,
      options: { message: `Test data ${TEST_DATA_TEXT_RULE}.` },
      validator: { validate: (value: unknown) => typeof value !== 'string' || isTestDataText(value) },
    });
}
