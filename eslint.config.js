// Lint without type information: fast enough to run on every `npm test`; tsc does the type checking.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', '.vaglio/**', 'reports/**', 'cli/bin.js'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings through shared/config.ts only.' },
      ],
    },
  },
  {
    // The config module is the one reader of process.env; tests and benches set env for child processes.
    files: ['shared/config.ts', 'test/**', 'bench/**', 'vitest.config.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
);
