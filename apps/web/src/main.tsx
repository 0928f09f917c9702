import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { seedPageData } from './app/page-data';
import { Providers } from './app/providers';
import { queryClient } from './app/query-client';
import { AppRoutes } from './app/routes';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
seedPageData(queryClient);

// The first render as a transition: React yields to the browser every few milliseconds instead of
// holding the main thread for the whole page, so a phone stays responsive while the portal appears.
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <BrowserRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  ),
);
