import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const apiServer = "http://localhost:8080";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // "@/lib/api" is apps/web/src/lib/api: an import names where it goes, not how far it climbs.
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  server: {
    proxy: {
      "/api": { target: apiServer, changeOrigin: false },
      "/ws": { target: apiServer, ws: true },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // React changes less often than the app: its own chunk stays cached across releases. Every
        // other library goes with the screens that import it (routes load lazily, app/router.tsx).
        codeSplitting: {
          groups: [
            {
              name: "react",
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack[\\/](query-core|react-query))[\\/]/,
            },
            // What every page's first paint needs of our own (the API client, the person, their
            // settings): one chunk rather than a dozen small ones.
            {
              name: "shell",
              test: /(apps[\\/]web[\\/]src[\\/]lib[\\/](api|current-user|device-owner|store|accessibility[\\/]settings|resources[\\/](auth|preferences))|packages[\\/]contracts[\\/]src[\\/](endpoint|preferences|accessibility-settings))\.tsx?$/,
            },
          ],
        },
      },
    },
  },
});
