import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import stylistic from '@stylistic/eslint-plugin';
import { readFileSync } from 'node:fs';

/** The web's feature folders (docs/architecture.md "Web layers"). */
const FEATURES = ['legislativo', 'culture', 'settings', 'inbox', 'notifications', 'auth', 'example'];
/** The resources' tables (the generated schema's exports): written only through the engine (records.ts, rows.ts). */
const RESOURCE_TABLES = [...readFileSync(new URL('apps/server/src/db/schema.generated.ts', import.meta.url), 'utf8')
  .matchAll(/^export const (\w+) = pgTable/gm)].map((m) => m[1]);
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
  // the formatter (issue 15 §6, decision 0038): the house style written down as @stylistic's fixable rules, applied by
  // `npm run format` (eslint --fix) and checked by `npm run lint`; line breaks are the author's, not reflowed
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['**/schema.generated.ts'],
    plugins: { '@stylistic': stylistic },
    rules: {
      '@stylistic/semi': ['error', 'always'],
      '@stylistic/quotes': ['error', 'single', { avoidEscape: true, allowTemplateLiterals: 'always' }],
      '@stylistic/jsx-quotes': ['error', 'prefer-double'],
      '@stylistic/indent': ['error', 2, { SwitchCase: 1 }],
      // a generic arrow in .tsx needs its comma (`<T,>(x: T) => …`)
      '@stylistic/comma-dangle': ['error', { arrays: 'always-multiline', objects: 'always-multiline', imports: 'always-multiline', exports: 'always-multiline', functions: 'always-multiline', enums: 'always-multiline', tuples: 'always-multiline', generics: 'ignore' }],
      '@stylistic/comma-spacing': 'error',
      '@stylistic/comma-style': 'error',
      '@stylistic/no-trailing-spaces': 'error',
      '@stylistic/eol-last': 'error',
      '@stylistic/no-multiple-empty-lines': ['error', { max: 1, maxEOF: 0, maxBOF: 0 }],
      '@stylistic/no-tabs': 'error',
      '@stylistic/no-multi-spaces': ['error', { ignoreEOLComments: true }],
      '@stylistic/key-spacing': 'error',
      '@stylistic/keyword-spacing': 'error',
      '@stylistic/space-infix-ops': 'error',
      '@stylistic/space-before-blocks': 'error',
      '@stylistic/space-in-parens': 'error',
      '@stylistic/space-before-function-paren': ['error', { anonymous: 'always', named: 'never', asyncArrow: 'always' }],
      '@stylistic/arrow-spacing': 'error',
      '@stylistic/block-spacing': 'error',
      '@stylistic/brace-style': ['error', '1tbs', { allowSingleLine: true }],
      '@stylistic/semi-spacing': 'error',
      '@stylistic/dot-location': ['error', 'property'],
      '@stylistic/rest-spread-spacing': 'error',
      '@stylistic/template-curly-spacing': 'error',
      '@stylistic/spaced-comment': ['error', 'always', { markers: ['/'], exceptions: ['-', '*'] }],
      '@stylistic/member-delimiter-style': 'error',
      '@stylistic/type-annotation-spacing': 'error',
      '@stylistic/jsx-curly-spacing': 'error',
      '@stylistic/jsx-equals-spacing': 'error',
      '@stylistic/jsx-tag-spacing': ['error', { beforeSelfClosing: 'always' }],
    },
  },
  // a resource's table is written through the engine everywhere else in the server too (auth, http, jobs, portal, …)
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/engine/**', 'apps/server/src/db/**', 'apps/server/src/modules/**', 'apps/server/src/seed/**'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: `CallExpression[callee.property.name=/^(insert|update|delete)$/][arguments.0.type='Identifier'][arguments.0.name=/^(${RESOURCE_TABLES.join('|')})$/]`,
        message: RAW_WRITE,
      }],
    },
  },
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
