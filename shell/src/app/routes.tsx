/**
 * The shell's route table, built from the product's table in `shared` (product.md#screens): every path maps to
 * its remote's screen inside the screen's layout; the two redirects, the admin guard and the session gate of
 * the screens that need the server live here.
 */
import {
  type Layout,
  legacySeriesPlayerPath,
  paths,
  REDIRECTS,
  readStored,
  SCREENS,
  type ScreenKey,
  SessionGate,
  selectIsStaff,
  useSharedSelector,
} from '@cliffhanger/shared';
import type { ReactNode } from 'react';
import { Link, Navigate, type RouteObject, useParams } from 'react-router-dom';
import { RemoteScreen } from '../federation/remote-screen';
import { MainLayout, StandaloneLayout } from '../layout/layouts';
import { useShellT } from '../layout/messages';
import { RouteErrorPage } from './error-page';

function WithLayout({ layout, immersive, children }: { layout: Layout; immersive?: boolean; children: ReactNode }) {
  if (layout === 'main') return <MainLayout>{children}</MainLayout>;
  if (layout === 'standalone') return <StandaloneLayout immersive={immersive}>{children}</StandaloneLayout>;
  return <>{children}</>;
}

/** Staff only (product.md#roles): a signed-in staff member or superuser, or the admin flag in storage. */
export function AdminGuard({ children }: { children: ReactNode }) {
  const isStaff = useSharedSelector(selectIsStaff);
  if (!isStaff && readStored('is_admin') !== true) return <Navigate to={paths.adminLogin()} replace />;
  return <>{children}</>;
}

function LegacySeriesRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={legacySeriesPlayerPath(id, window.innerWidth)} replace />;
}

function AdminSeriesRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={paths.adminSeriesEpisodes(id)} replace />;
}

export function NotFoundPage() {
  const { t } = useShellT();
  return (
    <main className="ch-page not-found">
      <h1>{t('notFound.title')}</h1>
      <p className="ch-muted">{t('notFound.body')}</p>
      <Link className="ch-button" to="/">
        {t('notFound.home')}
      </Link>
    </main>
  );
}

export function buildRoutes(): RouteObject[] {
  const screenRoutes = (Object.keys(SCREENS) as ScreenKey[]).flatMap((key) => {
    const screen = SCREENS[key];
    const guarded = 'guarded' in screen && screen.guarded;
    const immersive = 'immersive' in screen && screen.immersive;
    // Keyed: moving between two remotes' screens must not carry one remote's state into the other.
    const remote = <RemoteScreen key={`${screen.remote}:${key}`} remote={screen.remote} screen={key} />;
    const element = (
      <WithLayout layout={screen.layout} immersive={immersive}>
        {'identity' in screen && screen.identity ? <SessionGate page>{remote}</SessionGate> : remote}
      </WithLayout>
    );
    return screen.paths.map((path) => ({
      path,
      element: guarded ? <AdminGuard>{element}</AdminGuard> : element,
    }));
  });
  return [
    {
      errorElement: <RouteErrorPage />,
      children: [
        ...screenRoutes,
        { path: REDIRECTS.seriesLegacy, element: <LegacySeriesRedirect /> },
        {
          path: REDIRECTS.adminSeriesDetail,
          element: (
            <AdminGuard>
              <AdminSeriesRedirect />
            </AdminGuard>
          ),
        },
        {
          path: '*',
          element: (
            <MainLayout>
              <NotFoundPage />
            </MainLayout>
          ),
        },
      ],
    },
  ];
}
