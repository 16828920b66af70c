import './lib/zod-config';
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadRuntimeConfig } from './config/runtime-config';

// Asked for at once, alongside the first render: the pages that need it wait for it, the rest do not.
loadRuntimeConfig().catch((error: unknown) => {
  console.error('The site could not load its configuration:', error);
});

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
