import type { HostStore } from '@cliffhanger/shared';
import { Provider } from 'react-redux';
import { type createBrowserRouter, RouterProvider } from 'react-router-dom';
import { FollowPromptDialog } from '../follow-prompt/follow-prompt-dialog';
import { RedirectOverlay } from '../in-app-browser/redirect-overlay';
import { CONTENT_ID } from '../layout/layouts';
import { SkipLink } from '../layout/skip-link';
import { ToastStack } from '../toasts/toast-stack';
import { AppErrorBoundary } from './error-page';

export function App({ store, router }: { store: HostStore; router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <Provider store={store}>
      <AppErrorBoundary>
        <SkipLink target={CONTENT_ID} />
        <RouterProvider router={router} future={{ v7_startTransition: true }} />
        <FollowPromptDialog />
        <RedirectOverlay />
        <ToastStack />
      </AppErrorBoundary>
    </Provider>
  );
}
