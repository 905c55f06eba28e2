/** esbuild bundles the imported style sheet into app.css. */
declare module '*.css'
