// One lint configuration for every project: typescript-eslint's recommended rules, zero warnings allowed.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'libs/api-client/src/schema.d.ts', '**/test-results/**', '**/vite.config.*'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly', require: 'readonly', module: 'writable', __dirname: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', Buffer: 'readonly', URL: 'readonly', fetch: 'readonly', window: 'readonly', document: 'readonly', localStorage: 'readonly', navigator: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    // class-validator's IsOptional lets null through to the services; request DTOs use Omittable instead.
    files: ['apps/api/src/**/*.dto.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'class-validator', importNames: ['IsOptional'], message: 'Use Omittable from common/omittable.validator: null must be validated, not skipped.' }] }],
    },
  },
);
