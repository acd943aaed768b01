import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const apiServer = "http://localhost:8080";

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            // Syntax highlighting stays out: it loads on first use (features/console/use-highlight.ts).
            { name: "vendor", test: /node_modules[\\/](?!(highlight\.js|lowlight)[\\/])/ },
          ],
        },
      },
    },
  },
});
