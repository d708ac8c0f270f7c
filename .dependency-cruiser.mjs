// The layer rules of the code (docs/architecture-rules.md), checked by `npm run check:layers`.
// Paths are relative to the repository root; `$1` in a `to` names what the `from` captured.

const SERVER = '^apps/server/src';
const WEB = '^apps/web/src';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    // A cycle makes load order decide behaviour and ties parts that should move alone. Type-only
    // imports count: a type cycle is still two parts that cannot change apart.
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import the resolver cannot find hides its edge from every other rule.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },

    // Packages are libraries: the apps use them, never the other way round.
    {
      name: 'packages-not-to-apps',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    // Protocol and codec code is pure (architecture §3): bytes in, typed results out, no sockets, no server.
    {
      name: 'protocol-packages-without-sockets',
      severity: 'error',
      from: { path: '^packages/(gb28181|media)/' },
      to: { dependencyTypes: ['core'], path: '^(node:)?(dgram|net|tls|http|https|http2)$' },
    },
    {
      name: 'protocol-packages-without-fastify',
      severity: 'error',
      from: { path: '^packages/(gb28181|media)/' },
      to: { path: '(^|/)node_modules/(fastify|@fastify/[^/]+)/' },
    },

    // Server. A module's routes.ts (its HTTP edge) and plugin.ts (its registration) are its own; other
    // modules reach it through its repo, service and the helpers those are split into.
    {
      name: 'server-module-edges-are-private',
      severity: 'error',
      from: { path: `${SERVER}/modules/([^/]+)/` },
      to: {
        path: `${SERVER}/modules/[^/]+/(routes|plugin)\\.ts$|${SERVER}/modules/[^/]+/.+\\.test\\.ts$`,
        pathNot: `${SERVER}/modules/$1/`,
      },
    },
    // Modules register their gateway handlers and media use; the gateway and media never call back up.
    {
      name: 'server-gateway-and-media-not-to-modules',
      severity: 'error',
      from: { path: `${SERVER}/(gateway|media)/` },
      to: { path: `${SERVER}/modules/` },
    },
    {
      name: 'server-media-not-to-gateway',
      severity: 'error',
      from: { path: `${SERVER}/media/` },
      to: { path: `${SERVER}/gateway/` },
    },
    // db/, http/, crypto/ and notify/ are what modules stand on.
    {
      name: 'server-foundations-not-to-domains',
      severity: 'error',
      from: { path: `${SERVER}/(db|http|crypto|notify)/` },
      to: { path: `${SERVER}/(modules|gateway|media)/` },
    },

    // Web. app/ (routes, layout, providers) sits on top and composes everything below it.
    {
      name: 'web-app-is-the-top',
      severity: 'error',
      from: { path: `${WEB}/(features|components|lib|i18n)/` },
      to: { path: `${WEB}/app/` },
    },
    // lib/ (api client, session, paths, hooks) knows no screen.
    {
      name: 'web-lib-knows-no-screen',
      severity: 'error',
      from: { path: `${WEB}/lib/` },
      to: { path: `${WEB}/(features|components)/` },
    },
    // Cross-feature UI depends on no one feature.
    {
      name: 'web-components-not-to-features',
      severity: 'error',
      from: { path: `${WEB}/components/` },
      to: { path: `${WEB}/features/` },
    },
    // A feature uses another through its index (what it offers other features) or its api/ (queries,
    // mutations, keys) — never its pages or components directly.
    {
      name: 'web-feature-through-index-or-api',
      severity: 'error',
      from: { path: `${WEB}/features/([^/]+)/` },
      to: {
        path: `${WEB}/features/`,
        pathNot: [`${WEB}/features/$1/`, `${WEB}/features/[^/]+/(index\\.tsx?|api/)`],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^apps/[^/]+/(dist|\\.builds)/' },
    // Type-only imports are edges too: a layer rule is about what a part knows, not what it runs.
    tsPreCompilationDeps: true,
    // The web's `@/` alias; the server's `./x.js` imports of TypeScript files resolve on their own.
    webpackConfig: { fileName: 'scripts/depcruise-aliases.mjs' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    skipAnalysisNotInRules: true,
  },
};
