/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and wasm packages load from node_modules at run time instead of being bundled.
  serverExternalPackages: ['sharp', '@electric-sql/pglite', 'pg', 'pg-boss', '@ffmpeg-installer/ffmpeg'],
  poweredByHeader: false,
  typescript: { tsconfigPath: 'tsconfig.json' },
};

export default nextConfig;
