// The import rules of the codebase, checked by `npm run lint:deps` (part of `npm test`).
// Each rule names the boundary it keeps; ARCHITECTURE.md explains why each boundary exists.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'shared-imports-nothing-of-ours',
      comment: 'src/shared is the runtime-neutral contract every side imports; it may depend on libraries only.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^(src/(ui|db|workers|machines|sw)|server|tests|bench|cli)/' },
    },
    {
      name: 'server-stays-off-the-client',
      comment:
        'The server never imports the UI, the browser database, the workers, the machines or the service worker.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^src/(ui|db|workers|machines|sw)/' },
    },
    {
      name: 'workers-import-shared-only',
      comment: 'The transfer worker runs apart from the page: only src/shared and its own files.',
      severity: 'error',
      from: { path: '^src/workers/' },
      to: { path: '^(src/(ui|db|machines|sw)|server)/' },
    },
    {
      name: 'cli-imports-shared-only',
      comment:
        'The command-line client ships on its own (one bundled file): only src/shared, its own files and libraries.',
      severity: 'error',
      from: { path: '^cli/' },
      to: { path: '^(src/(ui|db|workers|machines|sw)|server|tests|bench)/' },
    },
    {
      name: 'nothing-imports-the-cli',
      comment: 'The app, the server and the workers never depend on the command-line client.',
      severity: 'error',
      from: { path: '^(src|server)/' },
      to: { path: '^cli/' },
    },
    {
      name: 'service-worker-imports-shared-only',
      comment: 'The service worker runs apart from the page: only src/shared and its own files.',
      severity: 'error',
      from: { path: '^src/sw/' },
      to: { path: '^(src/(ui|db|machines|workers)|server)/' },
    },
    {
      name: 'machines-and-db-stay-below-the-ui',
      comment: 'Machines and the local database are driven by the UI, never the other way round.',
      severity: 'error',
      from: { path: '^src/(machines|db)/' },
      to: { path: '^(src/(ui|sw)|server)/' },
    },
    {
      name: 'no-feature-imports-another',
      comment: 'A feature folder never imports another; the routes and app compose them.',
      severity: 'error',
      from: { path: '^src/ui/features/([^/]+)/' },
      to: { path: '^src/ui/features/', pathNot: '^src/ui/features/$1/' },
    },
    {
      name: 'features-and-components-do-not-import-app',
      comment: 'The hooks and contexts features need live in src/ui/domain or src/ui/lib; src/ui/app only composes.',
      severity: 'error',
      from: { path: '^src/ui/(features|components|domain|lib)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/ui/(app|routes)/' },
    },
    {
      name: 'domain-imports-no-feature',
      comment:
        'src/ui/domain holds what features share (one folder per product concept: basket, offline queue, tasks, transfer, shares, e2ee, storage, session, the local database, …): features import it, it imports no feature.',
      severity: 'error',
      from: { path: '^src/ui/domain/' },
      to: { path: '^src/ui/features/' },
    },
    {
      name: 'lib-stays-generic',
      comment:
        'src/ui/lib holds generic utilities (formats, clipboard, idle callbacks): nothing of a feature or the domain.',
      severity: 'error',
      from: { path: '^src/ui/lib/' },
      to: { path: '^src/ui/(features|domain)/' },
    },
    {
      name: 'one-way-to-the-local-database',
      comment:
        'The page opens its local database only through src/ui/domain/database/open-database.ts, which keeps its code out of first loads.',
      severity: 'error',
      from: { path: '^src/ui/', pathNot: '^src/ui/domain/database/|\\.test\\.tsx?$' },
      to: { path: '^src/db/database\\.ts$' },
    },
    {
      name: 'app-uses-only-a-feature-s-front',
      comment: "The app and routes reach a feature through the files at its root, never its sub-folders' internals.",
      severity: 'error',
      from: { path: '^src/ui/(app|routes)/' },
      to: { path: '^src/ui/features/[^/]+/[^/]+/' },
    },
    {
      name: 'components-call-no-endpoint',
      comment: "Components reach the API through their feature's data hooks, never an endpoint definition directly.",
      severity: 'error',
      from: { path: '^src/ui/.+\\.tsx$', pathNot: '\\.test\\.tsx$' },
      to: { path: '^src/shared/api/[^/]+\\.endpoints\\.ts$' },
    },
    {
      name: 'server-domains-meet-at-their-front',
      comment:
        "A server domain reaches another only through that domain's front: its module, its services and its types file (server/modules/<d>/*.module.ts, *.service.ts, *.types.ts); its repositories, routes and helpers stay inside. What several domains share and none owns lives in server/lib or server/storage.",
      severity: 'error',
      from: { path: '^server/modules/([^/]+)/' },
      to: {
        path: '^server/modules/',
        pathNot: ['^server/modules/$1/', '^server/modules/[^/]+/[^/]+[.](module|service|types)[.]ts$'],
      },
    },
    {
      name: 'no-circular',
      comment: 'Import cycles hide which module owns what.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|dist-server)/' },
    tsPreCompilationDeps: true,
    parser: 'swc',
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
  },
};
