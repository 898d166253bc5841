// typescript-eslint with a small rule set; each rule guards against a bug this code base
// can actually have, none is about style (tsc --strict and the formatter-free style
// of the code cover the rest). `npm run lint` (run by `npm test` through pretest).
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/", "build/", "dist-web/", "node_modules/", "src/wasm/generated/", "test/support/generated/"] },
  {
    files: ["src/**/*.ts", "test/**/*.ts", "bench/**/*.ts"],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { project: ["./tsconfig.check.json"], tsconfigRootDir: import.meta.dirname },
    },
    plugins: { "@typescript-eslint": tseslint.plugin },
    rules: {
      // A promise nobody awaits loses its error (worker pools, streams, CLIs' main).
      "@typescript-eslint/no-floating-promises": "error",
      // An async function where a void callback is expected: its rejection goes nowhere.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { arguments: false } }],
      // Type-only imports stay type-only: the runtime import graph (and its cycles) is what it looks like.
      // (`typeof import("node:fs")` stays allowed: load.ts names Node types without importing Node.)
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports", disallowTypeAnnotations: false }],
      // `any` switches the type checker off; the kernel boundary in particular is typed.
      "@typescript-eslint/no-explicit-any": "error",
      // == coerces: exact integers and bigints are compared with ===.
      eqeqeq: ["error", "always"],
    },
  },
  {
    // The library side never reaches into the CLIs (they are its users, not its parts).
    files: ["src/**/*.ts"],
    ignores: ["src/cli/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/cli/*"], message: "the library does not import the CLIs" }] }],
    },
  },
);
