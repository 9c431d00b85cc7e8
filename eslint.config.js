// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Every folder under src/entities is one server resource. Entities do not import each other,
 * except these explicit, acyclic edges: a match changes members and notifications, sign-up
 * changes the member, a meetup answer notifies, a block changes members, matches, chat rooms and
 * meetups (their mutations invalidate those key factories).
 */
const ENTITY_EDGES = {
  match: ['member', 'notification'],
  meetup: ['notification'],
  session: ['member'],
  block: ['member', 'match', 'chat-room', 'meetup'],
};

/** The folders directly under `dir` (none when it does not exist yet): each is one zone. */
function subfolders(dir) {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

function entityZones() {
  return subfolders('src/entities').map((entity) => ({
    target: `./src/entities/${entity}`,
    from: './src/entities',
    except: [`./${entity}`, ...(ENTITY_EDGES[entity] ?? []).map((other) => `./${other}`)],
    message: 'Entities do not import each other (except the edges listed in eslint.config.js); compose them in a feature (DEVELOPERS.md rule 3).',
  }));
}

/** Every folder under src/features is a feature; a feature may not import another one. */
function featureZones() {
  return subfolders('src/features').map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Features do not import each other; compose them in a route (DEVELOPERS.md rule 3).',
  }));
}

/**
 * Server modules (server/modules/<name>/) import their own folder, server/lib, server/db and
 * contract/ (plus the shared context and config types); what one module needs of another is passed
 * in by app.ts (DEVELOPERS.md, "Server layers"). The chat module also drives the STOMP server and
 * the realtime fan-out, the infrastructure it sits on.
 */
function serverModuleZones() {
  return subfolders('server/modules').map((name) => ({
    target: `./server/modules/${name}`,
    from: './server',
    except: [`./modules/${name}`, './lib', './db', './context.ts', './config.ts', ...(name === 'chat' ? ['./stomp', './realtime'] : [])],
    message: 'A server module imports its own folder, server/lib, server/db and contract/; another module is passed in by app.ts.',
  }));
}

export default defineConfig(
  {
    ignores: [
      'dist/',
      'dist-*/',
      'node_modules/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      '.data/',
      '.data-*/',
      'src/route-tree.gen.ts',
      // Engineers' scratch folders.
      '.*-tmp/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },

  // Import hygiene and the layer boundaries (DEVELOPERS.md rule 3).
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/lib',
              from: ['./src/features', './src/routes', './src/components'],
              message: 'src/lib is the bottom layer: it imports no UI, features or routes.',
            },
            {
              target: './src/lib',
              from: './src/entities',
              message: 'src/lib is the bottom layer: it imports no entities.',
            },
            {
              target: './src/components',
              from: ['./src/entities', './src/features', './src/routes'],
              message: 'Shared components never import entities, features or routes.',
            },
            {
              target: './src/entities',
              from: ['./src/features', './src/routes', './src/components/shell'],
              message: 'Entities sit between lib/components/ui and features: they import no features, routes or shell.',
            },
            {
              target: './src/features',
              from: './src/routes',
              message: 'Features do not import routes.',
            },
            ...entityZones(),
            ...featureZones(),
            ...serverModuleZones(),
            {
              target: ['./server/lib', './server/db'],
              from: ['./server/modules', './server/app.ts'],
              message: 'server/lib and server/db sit below the modules and never import them.',
            },
            {
              target: './contract',
              from: ['./src', './server', './sw'],
              message: 'contract/ is shared by the PWA and the server and imports neither.',
            },
            { target: './src', from: './server', message: 'The PWA never imports server code.' },
            { target: './sw', from: ['./src', './server'], message: 'The service worker is its own program (rule 6).' },
          ],
        },
      ],
    },
  },

  // Browser code: React, hooks rules, promise checks with type information.
  {
    files: ['src/**/*.{ts,tsx}', 'tests/unit/**/*.{ts,tsx}', 'sw/**/*.ts'],
    languageOptions: {
      globals: { ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/unit/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  // No zod in the browser (decision 0022): the PWA reads the contract's schemas as types only and
  // imports values from the zod-free contract/*-values.ts files (seoul-time, labelled-codes and
  // korean-particle hold no schemas). The operator console (its own lazy chunks, never on a
  // student's screen) still checks its forms with the contract's schemas.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/features/admin/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', allowTypeImports: true, message: 'The browser loads no zod (decision 0022): check by hand.' }],
          patterns: [
            {
              regex: 'contract/(?!seoul-time$|labelled-codes$|korean-particle$)(?!.*-values$)[a-z-]+$',
              allowTypeImports: true,
              message: 'Import values from contract/<module>-values.ts; the schema modules are types only in the browser (decision 0022).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },

  // Node code: config files, scripts, the server, its tests.
  {
    files: ['*.{js,mjs,ts}', 'scripts/**', 'server/**', 'tests/server/**', 'tests/e2e/**', 'bench/**', '.ci/**'],
    languageOptions: { globals: { ...globals.node } },
  },
);
