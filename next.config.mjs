/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and wasm packages load from node_modules at run time instead of being bundled.
  serverExternalPackages: ['sharp', '@electric-sql/pglite', 'pg', 'pg-boss', '@ffmpeg-installer/ffmpeg', 'prom-client'],
  // The studio reads prompts with the reference service's own rule (decisions.md row 9), shipped as TypeScript.
  transpilePackages: ['@atelier/reference-service'],
  poweredByHeader: false,
  // Parallel builds (e.g. two e2e runs side by side) each need their own output directory.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // `npm test` type-checks the whole tree once (tsc --noEmit); the build need not do it again.
  typescript: { tsconfigPath: 'tsconfig.json', ignoreBuildErrors: true },
};

export default nextConfig;
