// dependency-cruiser: the import rules that keep the layers apart and the graph free of cycles.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "A cycle ties modules that should be apart; move the shared part (types, helpers) to a module of its own.",
      from: {},
      to: { circular: true },
    },
    {
      name: "src-not-sidecar",
      severity: "error",
      comment: "The static side is built without the sidecar; the sidecar may use src/, never the reverse.",
      from: { path: "^src/" },
      to: { path: "^sidecar/" },
    },
    {
      name: "http-no-feature",
      severity: "error",
      comment: "sidecar/http/ holds parts every feature shares; a feature plugs into it, it never reaches into one.",
      from: { path: "^sidecar/http/" },
      to: { path: "^sidecar/(search|mcp|websub|release|static|pages|ops)/" },
    },
    {
      name: "scripts-not-tests",
      severity: "error",
      comment: "Tools never depend on tests: test helpers live in tests/helpers/, shared tool code in scripts/lib/.",
      from: { path: "^scripts/" },
      to: { path: "^tests/" },
    },
  ],
  options: {
    // Type-only imports are edges too: a cycle through `import type` still couples the modules.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    includeOnly: "^(src|sidecar|scripts|tests)/|^astro\\.config\\.mjs$",
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".mjs", ".js", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
