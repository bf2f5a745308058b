// The web app's import boundaries, one way: components/ui and lib → features → app.
// - components/ui and lib never import a feature or src/app (they know no feature);
// - a feature never imports src/app (addresses live in lib/paths.ts);
// - a feature reaches another feature only through its public entry, features/<name>/index.ts,
//   so a feature's inside can change without breaking its users;
// - src/app reaches a feature through its public entry or a page of its routes/ folder (the
//   router loads pages lazily, one chunk each).
// The feature list is read from the folder, so a new feature is held to the same rules.
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import importX from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'

const root = fileURLToPath(new URL('..', import.meta.url))
const src = 'apps/web/src'
const features = readdirSync(`${root}${src}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

const publicEntries = (except) =>
  features.filter((name) => name !== except).map((name) => `./${name}/index.ts`)

export const zones = [
  {
    target: [`${src}/components`, `${src}/lib`],
    from: [`${src}/features`, `${src}/app`],
    message: 'components/ui and lib know no feature and no page: move the code up, or pass it in.',
  },
  {
    target: `${src}/features`,
    from: `${src}/app`,
    message: 'A feature never imports src/app (addresses are in lib/paths.ts).',
  },
  ...features.map((name) => ({
    target: `${src}/features/${name}`,
    from: `${src}/features`,
    except: [`./${name}`, ...publicEntries(name)],
    message: `A feature imports another feature only through its public entry (features/<name>/index.ts); export what ${name} needs from there.`,
  })),
  {
    target: `${src}/app`,
    from: `${src}/features`,
    except: [...publicEntries(), ...features.map((name) => `./${name}/routes`)],
    message: 'src/app imports a feature through its public entry (index.ts) or a page in routes/.',
  },
]

export default [
  {
    files: [`${src}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: `${root}apps/web/tsconfig.json` }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      'import-x/no-cycle': 'error',
    },
  },
]
