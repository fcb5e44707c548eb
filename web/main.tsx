import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import './app/global.css';
import { App } from './app/App.tsx';
import { getToken, markMember } from './lib/api.ts';

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
const signedIn = getToken() !== null;
markMember(signedIn);
// Visitors get the landing page already drawn (docs/decisions/0099): the first render takes that markup over. A member
// whose browser had not told the server yet (the hint cookie) got it too, but their first screen is another one.
if (root.firstElementChild && !signedIn) hydrateRoot(root, app);
else {
  root.replaceChildren();
  createRoot(root).render(app);
}
