/**
 * The inspector page's entry. The shims come first: plystack's sources use
 * `Buffer` for a payload's size.
 */
import './shims/buffer.js';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import './styles.css';

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
