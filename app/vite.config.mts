/**
 * The web app's build (scripts/build-app.js runs it; the output goes to .build/app/). Asset names
 * carry a content hash, so the server caches them for a year; the manifest tells the build script
 * which chunks the first screen loads. No inline script or style in the output: the server's
 * Content-Security-Policy allows only files of its own origin.
 */
import path from 'node:path'
import { defineConfig } from 'vite'

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  // Nothing from the developer's shell reaches the bundle.
  envPrefix: 'HLR_APP_',
  publicDir: false,
  oxc: { jsx: { runtime: 'automatic', development: false } },
  // React's production build whatever NODE_ENV the shell has.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: path.join(import.meta.dirname, '..', '.build', 'app'),
    emptyOutDir: true,
    assetsDir: 'assets',
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    // Every asset is a file: an inlined data: URL would be one more thing the policy must allow.
    assetsInlineLimit: 0,
    // Vite's preload helper would otherwise add an inline modulepreload polyfill; every browser the app supports has it.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // react-router marks its modules "use client" (for server components); it means nothing in this bundle.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning)
      },
    },
  },
})
