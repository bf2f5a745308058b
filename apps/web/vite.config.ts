import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'

// In development the API runs on :3000 (npm run dev starts both); Vite proxies /api to it.
const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:3000'

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: { port: 5173, proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: `npm run bench -- bundle` reads it to weigh each page's initial JS.
    manifest: true,
    // The signed-in app must not weigh on the public pages: routes are lazy, vendors split.
    chunkSizeWarningLimit: 600,
  },
})
