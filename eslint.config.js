// ESLint for the project's TypeScript: typescript-eslint's type-aware recommended rules and the 300-line limit.
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";

export default defineConfig(
  // Build output, generated types and local data (the .gitignore's folders): nothing written by hand.
  { ignores: ["dist/", ".dist-releases/", ".astro/", "var/", ".cache/", "bench-data/"] },
  {
    files: ["src/**/*.ts", "sidecar/**/*.ts", "scripts/**/*.ts", "tests/**/*.ts"],
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      globals: globals.node,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // A file is its length: blank lines and comments count, so a long file cannot hide behind its comments.
      "max-lines": ["error", { max: 300, skipBlankLines: false, skipComments: false }],
      // Dropping fields by destructuring the rest (`const { secret: _, ...shown } = row`) is how the code omits keys.
      "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true }],
      // A `let` that a callback defined earlier reads (a timer its own failure path clears) cannot be a `const`.
      "prefer-const": ["error", { ignoreReadBeforeAssign: true }],
      "@typescript-eslint/no-floating-promises": [
        "error",
        {
          // node:test's describe/it/test return promises its runner awaits itself; awaiting them in a test file
          // would serialise the suite, and their failures are reported by the runner either way.
          allowForKnownSafeCalls: [
            { from: "package", package: "node:test", name: ["describe", "it", "test", "suite"] },
          ],
        },
      ],
    },
  },
  {
    files: ["tests/**/*.ts"],
    rules: {
      // Tests read wire bodies (JSON.parse, res.json()) as `any` and pin their shape with assert.deepEqual, which is
      // the check; typing every body a test inspects would restate the schemas the tests exist to verify.
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      // Test doubles implement async interfaces (stores, resolvers, clients); `async` is the plainest way to do so.
      "@typescript-eslint/require-await": "off",
    },
  },
  {
    files: ["sidecar/db/*.ts", "sidecar/**/sqlite*.ts", "sidecar/**/sqlite/*.ts", "sidecar/**/open.ts"],
    rules: {
      // The stores' interface is async because PostgreSQL's driver is; the SQLite implementations and the shared
      // handle's openers run node:sqlite's synchronous calls behind it, and `async` keeps thrown errors rejections.
      "@typescript-eslint/require-await": "off",
    },
  },
);
