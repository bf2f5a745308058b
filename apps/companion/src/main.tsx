import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app'
import './index.css'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)

// Offline after the first open: the service worker caches the whole companion (vite.config.ts).
if ('serviceWorker' in navigator && import.meta.env.PROD)
  navigator.serviceWorker.register('./sw.js').catch(() => undefined)
