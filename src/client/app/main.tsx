import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The sync engine loads after the first paint, in its own chunk: the shell shows from the replica
// without waiting for it.
void import('../sync/browser').then(({ startBrowserSync }) => startBrowserSync());
