import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

/** Modules that hold secrets, open connections or touch the file system: never in a browser bundle. */
const SERVER_ONLY = [
  '@/lib/runtime',
  '@/lib/db/client',
  '@/lib/db/migrate',
  '@/lib/db/lease',
  '@/lib/config',
  '@/lib/keys',
  '@/lib/secrets',
  '@/lib/storage',
  '@/lib/assets/store',
  '@/lib/auth/context',
  '@/lib/auth/team-context',
  '@/lib/auth/auth',
  '@/lib/queue',
  '@/lib/jobs',
  'node:',
  'pg',
  'sharp',
  '@atelier/reference-service',
];

const isServerOnly = (source) => SERVER_ONLY.some((p) => (p.endsWith(':') ? source.startsWith(p) : source === p || source.startsWith(`${p}/`)));

/** Boundaries the code keeps, enforced: see docs/architecture.md. */
const boundaries = {
  rules: {
    'no-server-code-in-client': {
      meta: { type: 'problem', messages: { server: '"{{source}}" is server-only code: a client component ("use client") must not import it.' } },
      create(context) {
        const isClient = context.sourceCode.ast.body.some((node) => node.type === 'ExpressionStatement' && node.directive === 'use client');
        if (!isClient) return {};
        return {
          ImportDeclaration(node) {
            const source = node.source.value;
            if (node.importKind !== 'type' && isServerOnly(source)) {
              context.report({ node, messageId: 'server', data: { source } });
            }
          },
        };
      },
    },
  },
};

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      '.next/**',
      'dist/**',
      '.next-*/**',
      'test-results-*/**',
      'node_modules/**',
      'lib/db/generated/**',
      '.data/**',
      'test-results/**',
      '.test-times/**',
      'playwright-report/**',
      'next-env.d.ts',
    ],
  },
  {
    plugins: { boundaries },
    rules: {
      // Tests and the reference service parse loosely-typed JSON on purpose.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'boundaries/no-server-code-in-client': 'error',
    },
  },
  {
    // The app reaches the reference service only through the package's own entry points.
    files: ['**/*.{ts,tsx,mjs}'],
    ignores: ['packages/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@atelier/reference-service/src/*', '**/packages/*/src/**'],
              message: 'Import @atelier/reference-service or @atelier/reference-service/testing, not its internals.',
            },
          ],
        },
      ],
    },
  },
  {
    // App code proper mounts nothing but in server.ts; only tests and benches use the testing helpers.
    files: ['app/**', 'components/**', 'lib/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@atelier/reference-service', message: 'The app speaks HTTP to the service (lib/upstream); only server.ts mounts it.' },
            { name: '@atelier/reference-service/testing', message: 'Test helpers are for tests.' },
          ],
        },
      ],
    },
  },
  {
    // The reference service is a product of its own: nothing of the app inside it.
    files: ['packages/reference-service/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/*', '**/lib/*', '**/app/*', '**/components/*', '**/test/support/*'], message: 'The reference service must not depend on the app.' },
          ],
        },
      ],
    },
  },
];

export default config;
