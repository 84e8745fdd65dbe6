// Entry point of the sidecar (`npm run serve`, and `npm start` after the build). V8's compile cache is on before any
// of the sidecar's modules load, so a restart skips compiling (and type-stripping) them again.
import module from "node:module";

module.enableCompileCache();
await import("./run.ts");
