import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { AppFailed, ErrorBoundary } from './app/ScreenBoundary';
import './styles/base.css';
import './styles/screens.css';
import './styles/guards.css';
import './styles/people.css';
import './styles/touch.css';

const root = document.getElementById('root');
// Each screen has its own boundary (App.tsx); this one catches the frame around them.
if (root) createRoot(root).render(<StrictMode><ErrorBoundary fallback={() => <AppFailed />}><App /></ErrorBoundary></StrictMode>);
