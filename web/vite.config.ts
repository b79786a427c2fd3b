import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiOrigin = process.env.API_ORIGIN ?? 'http://localhost:3000';

/** Vendor groups: React runtime, the component library, the chart library (analytics only). */
const vendorGroups: Array<{ name: string; test: RegExp }> = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/ },
  { name: 'charts', test: /node_modules[\\/](recharts|d3-[a-z]+|victory-vendor|internmap|decimal\.js-light|es-toolkit|@reduxjs|redux|react-redux|immer|reselect|eventemitter3|use-sync-external-store)[\\/]/ },
];

export default defineConfig({
  root,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: vendorGroups,
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: false },
      '/webhooks': { target: apiOrigin, changeOrigin: false },
      '/ws': { target: apiOrigin.replace(/^http/, 'ws'), ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: false },
      '/webhooks': { target: apiOrigin, changeOrigin: false },
      '/ws': { target: apiOrigin.replace(/^http/, 'ws'), ws: true },
    },
  },
});
