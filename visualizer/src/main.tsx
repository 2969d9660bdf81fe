/**
 * The inspector page's entry. The shims come first: plystack's sources use
 * `Buffer` for a payload's size.
 */
import './shims/buffer.js';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import './styles.css';

// A panel's error boundary shows what went wrong in the panel itself; the console gets a warning, not an error.
const root = createRoot(document.getElementById('root') as HTMLElement, {
  onCaughtError: (error) => console.warn('a panel could not render:', error),
});
root.render(
  <StrictMode>
    <App />
  </StrictMode>,
);
