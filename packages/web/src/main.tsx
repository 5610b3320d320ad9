import './platform/no-eval'; // before anything parses: the content security policy refuses eval
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './platform/i18n'; // initialises i18next before the first render
import { App } from './app/App';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// A Japanese user's catalogues are a chunk of their own; render once they are in (a failed fetch shows English).
void i18nReady.catch(() => undefined).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
