import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/drizzle/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  // hooks called only where React allows, with the dependencies they read (web app and portal)
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/portal/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // the web's layers (docs/architecture.md "Web layers"): app/ (routes, providers, router) on top, imported by nothing
  // but main.tsx and tests; feature folders in the middle; api/, session/ and shell/ at the bottom, importing no feature
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/app/**', 'apps/web/src/main.tsx', 'apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['**/app', '**/app/*'], message: 'app/ é a camada do topo (rotas, provedores, roteador): mova o que precisa para shell/ ou session/.' }],
      }],
    },
  },
  {
    files: ['apps/web/src/{api,session,shell}/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/app', '**/app/*'], message: 'app/ é a camada do topo: a base (api, session, shell) não a importa.' },
          {
            group: ['legislativo', 'culture', 'resources', 'pages', 'layouts', 'inbox', 'notifications', 'settings', 'auth', 'example', 'live'].map((f) => `**/${f}/*`),
            message: 'api/, session/ e shell/ são a base: não importam pastas de funcionalidades (registre uma extensão, como shell/prefetch.ts).',
          },
        ],
      }],
    },
  },
);
