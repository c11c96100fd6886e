import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

/** The web's feature folders (docs/architecture.md "Web layers"). */
const FEATURES = ['legislativo', 'culture', 'settings', 'inbox', 'notifications', 'auth', 'example'];
const RAW_WRITE = 'Escreva pelo engine: records.ts (create/update/remove/link: regras, hooks e auditoria) ou rows.ts (escritas do próprio servidor: totais em dia após o commit).';

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
  // promises handled (typed rules, issue 15 §6): none left floating, none where a function must return nothing — but
  // JSX handlers, where React ignores the returned promise by design (a form's handleSubmit, a click that navigates)
  {
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'apps/portal/src/**/*.{ts,tsx}', 'packages/domain/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
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
  // feature folders don't reach into each other (issue 15 §6): a feature imports the base (api, session, shell), the
  // shared engines (resources: the screens drawn from the definitions; live: the realtime stream) and itself; the
  // composition (app, layouts, pages) puts features together and is imported by none of them
  ...FEATURES.map((feature) => ({
    files: [`apps/web/src/${feature}/**/*.{ts,tsx}`],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/app', '**/app/*'], message: 'app/ é a camada do topo (rotas, provedores, roteador): mova o que precisa para shell/ ou session/.' },
          {
            group: [...FEATURES.filter((f) => f !== feature), 'layouts', 'pages'].map((f) => `../**/${f}/*`),
            message: `Uma funcionalidade não importa outra nem a composição (layouts, pages): mova o que é comum para shell/ (ou registre uma extensão, como shell/prefetch.ts).`,
          },
        ],
      }],
    },
  })),
  // one write path (issue 15, engine/records.ts and engine/rows.ts): modules, their seeds included, and the demo
  // seeding don't write tables with raw statements
  {
    files: ['apps/server/src/modules/**/*.ts', 'apps/server/src/seed/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error',
        {
          selector: "CallExpression[callee.property.name=/^(insert|update|delete)$/][callee.object.type='Identifier'][callee.object.name=/^(db|tx|t|trx)$/]",
          message: RAW_WRITE,
        },
        {
          selector: "CallExpression[callee.property.name=/^(insert|update|delete)$/][callee.object.type='MemberExpression'][callee.object.property.name='db']",
          message: RAW_WRITE,
        },
        {
          selector: "CallExpression[callee.property.name='execute'] TemplateElement[value.raw=/^\\s*(update|insert|delete)\\s/i]",
          message: 'Uma escrita em SQL passa por rows.ts (updateWithSql), que mantém os totais das listas em dia.',
        },
      ],
    },
  },
);
