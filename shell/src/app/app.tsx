import type { HostStore } from '@cliffhanger/shared';
import { Provider } from 'react-redux';
import { type createBrowserRouter, RouterProvider } from 'react-router-dom';
import { FollowPromptDialog } from '../follow-prompt/follow-prompt-dialog';
import { RedirectOverlay } from '../in-app-browser/redirect-overlay';
import { ToastStack } from '../toasts/toast-stack';
import { AppErrorBoundary } from './error-page';

export function App({ store, router }: { store: HostStore; router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <Provider store={store}>
      <AppErrorBoundary>
        <RouterProvider router={router} future={{ v7_startTransition: true }} />
        <FollowPromptDialog />
        <RedirectOverlay />
        <ToastStack />
      </AppErrorBoundary>
    </Provider>
  );
}
