/** Layering rules from ARCHITECTURE.md, checked by `npm run lint` (part of `npm test`). */
module.exports = {
  forbidden: [
    {
      name: 'shared-is-pure',
      comment: 'shared/ imports nothing from the app layers, the sandbox or Node built-ins',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(electron|renderer|sandbox|test)/' },
    },
    {
      name: 'shared-no-node-builtins',
      severity: 'error',
      from: { path: '^shared/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'renderer-not-electron-or-sandbox',
      comment: 'the renderer talks only to the bridge',
      severity: 'error',
      from: { path: '^renderer/' },
      to: { path: '^(electron|sandbox)/' },
    },
    {
      name: 'renderer-no-node-builtins',
      severity: 'error',
      from: { path: '^renderer/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'renderer-no-electron-package',
      severity: 'error',
      from: { path: '^renderer/' },
      to: { path: '^node_modules/electron/' },
    },
    {
      name: 'core-no-electron-package',
      comment: 'electron/core is plain Node, usable headless',
      severity: 'error',
      from: { path: '^electron/core/' },
      to: { path: '^node_modules/electron/' },
    },
    {
      name: 'core-no-sandbox',
      comment: 'the core never reaches into the sandbox; composition code starts it',
      severity: 'error',
      from: { path: '^electron/core/' },
      to: { path: '^sandbox/' },
    },
    {
      name: 'sandbox-not-app',
      comment: 'the sandbox is a separate service; it may use shared/ only',
      severity: 'error',
      from: { path: '^sandbox/' },
      to: { path: '^(electron|renderer)/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: { path: '^(shared|electron|renderer|sandbox)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^node_modules|^dist)' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
